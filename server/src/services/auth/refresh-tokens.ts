import type { TokenResponse } from '@common/auth';

import { invalidGrant } from '../../lib/oauth-error';
import { sha256 } from '../../lib/secrets';

import { issueTokens, type TokenLifetimes } from './issue-tokens';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

const INVALID_REFRESH_TOKEN = 'The refresh token is invalid, expired or revoked.';

/**
 * The refresh_token grant with rotation: the presented pair is retired and a new one issued. A retired
 * refresh token presented again means it leaked (or two clients raced): the whole family is revoked.
 */
export async function refreshTokens(
  db: Kysely<Database>,
  lifetimes: TokenLifetimes,
  refreshToken: string,
): Promise<TokenResponse> {
  const now = new Date();
  const pair = await db
    .selectFrom('auth_tokens')
    .select(['id', 'user_id', 'family_id', 'revoked_reason', 'refresh_expires_at'])
    .where('refresh_token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  if (!pair) throw invalidGrant(INVALID_REFRESH_TOKEN);
  if (pair.revoked_reason === 'rotated') {
    await db
      .updateTable('auth_tokens')
      .set({ revoked_at: now, revoked_reason: 'reuse_detected' })
      .where('family_id', '=', pair.family_id)
      .where('revoked_at', 'is', null)
      .execute();
    throw invalidGrant(INVALID_REFRESH_TOKEN);
  }
  if (pair.refresh_expires_at <= now) throw invalidGrant(INVALID_REFRESH_TOKEN);

  const retired = await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now, revoked_reason: 'rotated' })
    .where('id', '=', pair.id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  // Revoked, or rotated by a parallel request a moment ago.
  if (!retired) throw invalidGrant(INVALID_REFRESH_TOKEN);
  return issueTokens(db, lifetimes, pair.user_id, pair.family_id);
}
