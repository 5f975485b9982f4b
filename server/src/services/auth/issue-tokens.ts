import { randomUUID } from 'node:crypto';

import type { TokenResponse } from '@common/auth-schemas';
import { API_KEY_PREFIX } from '@common/integrations';

import { randomToken } from '../../lib/random-token';
import { sha256 } from '../../lib/sha256';
import { describeClient } from '../account/describe-client';
import { hasLeftTeam } from '../team/has-left-team';

import { invalidGrant } from './auth-errors';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

// Longer ones are padding, not information.
const USER_AGENT_MAX_LENGTH = 512;

export type TokenLifetimes = Pick<Config, 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_SECONDS'>;

/** An access token: never one that starts like an API key (1 in 16.7 million would), which would be read as a key. */
function newAccessToken(): string {
  const token = randomToken();
  return token.startsWith(API_KEY_PREFIX) ? newAccessToken() : token;
}

/** A sign-in starts a session (a token family) from a user agent; a refresh continues its family. */
export type SessionStart = { userAgent: string | undefined } | { familyId: string };

export const LEFT_TEAM = 'You are no longer on this team. Ask its owner to invite you again.';

/**
 * Issues an access and refresh token pair. Only their SHA-256 hashes are stored. A family links the pairs
 * refreshed from one sign-in: a new sign-in starts one, with its row in sessions (what the account screen lists),
 * and each refresh marks that session used. Every grant comes here, so this is where a removed member is turned
 * away (invalid_grant), whichever way they sign in.
 */
export async function issueTokens(
  db: Kysely<Database>,
  lifetimes: TokenLifetimes,
  userId: string,
  session: SessionStart = { userAgent: undefined },
): Promise<TokenResponse> {
  if (await hasLeftTeam(db, userId)) throw invalidGrant(LEFT_TEAM);
  const accessToken = newAccessToken();
  const refreshToken = randomToken();
  const now = Date.now();
  const familyId = 'familyId' in session ? session.familyId : randomUUID();
  if ('familyId' in session) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: new Date(now) })
      .where('family_id', '=', familyId)
      .execute();
  } else {
    await db
      .insertInto('sessions')
      .values({
        family_id: familyId,
        user_id: userId,
        user_agent: session.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        ...describeClient(session.userAgent),
      })
      .execute();
  }
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      access_token_hash: sha256(accessToken),
      refresh_token_hash: sha256(refreshToken),
      access_expires_at: new Date(now + lifetimes.ACCESS_TOKEN_TTL_SECONDS * 1000),
      refresh_expires_at: new Date(now + lifetimes.REFRESH_TOKEN_TTL_SECONDS * 1000),
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  // Pairs whose refresh token has expired can do nothing any more; dropping them keeps the table small.
  await db
    .deleteFrom('auth_tokens')
    .where('user_id', '=', userId)
    .where('refresh_expires_at', '<', new Date(now))
    .execute();
  // And the sessions left with no pair at all.
  await db
    .deleteFrom('sessions as s')
    .where('s.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('auth_tokens as t').select('t.id').whereRef('t.family_id', '=', 's.family_id'),
        ),
      ),
    )
    .execute();
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: lifetimes.ACCESS_TOKEN_TTL_SECONDS,
    token_type: 'Bearer',
  };
}
