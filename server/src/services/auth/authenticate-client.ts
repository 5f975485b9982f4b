// The token endpoints authenticate the one OAuth client (the SPA) by client_id and client_secret.
import { isSameSecret } from '../../lib/same-secret';

import { invalidClient } from './auth-errors';

import type { Config } from '../../config';

export function authenticateClient(
  config: Pick<Config, 'OAUTH_CLIENT_ID' | 'OAUTH_CLIENT_SECRET'>,
  credentials: { client_id?: string; client_secret?: string },
): void {
  const idMatches = credentials.client_id === config.OAUTH_CLIENT_ID;
  const secretMatches = isSameSecret(config.OAUTH_CLIENT_SECRET, credentials.client_secret ?? '');
  if (!idMatches || !secretMatches) throw invalidClient();
}
