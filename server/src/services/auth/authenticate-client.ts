// The token endpoints authenticate the one OAuth client (the SPA) by client_id and client_secret.
import { createHash, timingSafeEqual } from 'node:crypto';

import { invalidClient } from './auth-errors';

import type { Config } from '../../config';

function sameSecret(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export function authenticateClient(
  config: Pick<Config, 'OAUTH_CLIENT_ID' | 'OAUTH_CLIENT_SECRET'>,
  credentials: { client_id?: string; client_secret?: string },
): void {
  const idMatches = credentials.client_id === config.OAUTH_CLIENT_ID;
  const secretMatches = sameSecret(config.OAUTH_CLIENT_SECRET, credentials.client_secret ?? '');
  if (!idMatches || !secretMatches) throw invalidClient();
}
