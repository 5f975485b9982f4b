import type { TokenResponse } from '@common/auth-schemas';

import { openWithToken, sealWithToken } from '../../lib/seal-with-token';
import { sha256 } from '../../lib/sha256';

import { invalidGrant } from './auth-errors';
import { issueTokens, type TokenLifetimes } from './issue-tokens';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Kysely, Selectable } from 'kysely';

const INVALID_REFRESH_TOKEN = 'The refresh token is invalid, expired or revoked.';
const SEAL_PURPOSE = 'qrverify refresh grace v1';

export type RefreshSettings = TokenLifetimes & Pick<Config, 'REFRESH_GRACE_SECONDS'>;

type Pair = Pick<
  Selectable<Database['auth_tokens']>,
  | 'id'
  | 'user_id'
  | 'family_id'
  | 'revoked_at'
  | 'revoked_reason'
  | 'refresh_expires_at'
  | 'successor_sealed'
>;

interface RefreshAttempt {
  db: Kysely<Database>;
  settings: RefreshSettings;
  refreshToken: string;
  now: Date;
}

class RotatedElsewhere extends Error {}

/**
 * The refresh_token grant with rotation: the presented pair is retired and a new one issued. A retired refresh
 * token presented again within REFRESH_GRACE_SECONDS (two tabs refreshing at once, a retried request) gets the
 * same new pair back; later, it means the token leaked: the whole family is revoked.
 *
 * Answering the same pair again needs its plaintext, and the server stores tokens only hashed. Rather than
 * derive the new pair from the old token (anyone holding a stolen token could then compute every successor
 * without ever presenting it, which defeats reuse detection) or keep it under a server key (a database and key
 * leak would hand out live sessions), the retired row keeps the new pair encrypted under a key derived from
 * the retired refresh token itself. Only a client presenting that token can open it, which is exactly who may
 * have it, and it is cleared once the window is over.
 */
export async function refreshTokens(
  db: Kysely<Database>,
  settings: RefreshSettings,
  refreshToken: string,
): Promise<TokenResponse> {
  const attempt: RefreshAttempt = { db, settings, refreshToken, now: new Date() };
  const pair = await findPair(db, refreshToken);
  if (!pair) throw invalidGrant(INVALID_REFRESH_TOKEN);
  if (pair.revoked_reason === 'rotated') {
    return answerAgainOrRevokeFamily(attempt, pair);
  }
  if (pair.revoked_at !== null || pair.refresh_expires_at <= attempt.now) {
    throw invalidGrant(INVALID_REFRESH_TOKEN);
  }

  try {
    return await rotate(attempt, pair);
  } catch (error) {
    if (!(error instanceof RotatedElsewhere)) throw error;
  }
  // A parallel request rotated it a moment ago (its transaction has committed: ours waited on the row).
  const rotated = await findPair(db, refreshToken);
  if (rotated?.revoked_reason !== 'rotated') throw invalidGrant(INVALID_REFRESH_TOKEN);
  return answerAgainOrRevokeFamily(attempt, rotated);
}

function findPair(db: Kysely<Database>, refreshToken: string): Promise<Pair | undefined> {
  return db
    .selectFrom('auth_tokens')
    .select([
      'id',
      'user_id',
      'family_id',
      'revoked_at',
      'revoked_reason',
      'refresh_expires_at',
      'successor_sealed',
    ])
    .where('refresh_token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
}

function graceStart(settings: RefreshSettings, now: Date): Date {
  return new Date(now.getTime() - settings.REFRESH_GRACE_SECONDS * 1000);
}

// The new pair and the retired one's seal are written together, so a racing request never sees one without
// the other.
function rotate(
  { db, settings, refreshToken, now }: RefreshAttempt,
  pair: Pair,
): Promise<TokenResponse> {
  return db.transaction().execute(async (trx) => {
    const tokens = await issueTokens(trx, settings, pair.user_id, { familyId: pair.family_id });
    const successor = JSON.stringify({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    });
    const retired = await trx
      .updateTable('auth_tokens')
      .set({
        revoked_at: now,
        revoked_reason: 'rotated',
        successor_sealed:
          settings.REFRESH_GRACE_SECONDS > 0
            ? sealWithToken(refreshToken, SEAL_PURPOSE, successor)
            : null,
      })
      .where('id', '=', pair.id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!retired) throw new RotatedElsewhere();
    await trx
      .updateTable('auth_tokens')
      .set({ successor_sealed: null })
      .where('family_id', '=', pair.family_id)
      .where('successor_sealed', 'is not', null)
      .where('revoked_at', '<', graceStart(settings, now))
      .execute();
    return tokens;
  });
}

async function answerAgainOrRevokeFamily(
  { db, settings, refreshToken, now }: RefreshAttempt,
  pair: Pair,
): Promise<TokenResponse> {
  const isInWindow =
    pair.revoked_at !== null && pair.revoked_at.getTime() >= graceStart(settings, now).getTime();
  const opened =
    isInWindow && pair.successor_sealed
      ? openWithToken(refreshToken, SEAL_PURPOSE, pair.successor_sealed)
      : undefined;
  if (opened) {
    const successor = JSON.parse(opened) as Pick<TokenResponse, 'access_token' | 'refresh_token'>;
    const live = await db
      .selectFrom('auth_tokens')
      .select('access_expires_at')
      .where('refresh_token_hash', '=', sha256(successor.refresh_token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Answered only while that pair is still live: not after a sign-out, nor after it was rotated in turn.
    if (live) {
      return {
        ...successor,
        expires_in: Math.max(
          0,
          Math.floor((live.access_expires_at.getTime() - now.getTime()) / 1000),
        ),
        token_type: 'Bearer',
      };
    }
  }
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now, revoked_reason: 'reuse_detected' })
    .where('family_id', '=', pair.family_id)
    .where('revoked_at', 'is', null)
    .execute();
  throw invalidGrant(INVALID_REFRESH_TOKEN);
}
