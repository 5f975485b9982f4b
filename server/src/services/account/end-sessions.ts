import type { Database, TokenRevokedReason } from '../../db/schema';
import type { ExpressionBuilder, Kysely } from 'kysely';

/** One session, or every one but the session in use (every one, when that is unknown: null). */
export type SessionSelection = { only: string } | { except: string | null };

function inSelection(which: SessionSelection) {
  return (eb: ExpressionBuilder<Database, 'auth_tokens' | 'sessions'>) =>
    'only' in which
      ? eb('family_id', '=', which.only)
      : which.except === null
        ? eb.lit(true)
        : eb('family_id', '!=', which.except);
}

/**
 * Signs the user's chosen sessions out: their tokens are revoked (so they answer 401 at once, and cannot be
 * refreshed) and the sessions leave the list. Answers how many listed sessions ended.
 */
export async function endSessions(
  db: Kysely<Database>,
  userId: string,
  which: SessionSelection,
  reason: TokenRevokedReason,
): Promise<number> {
  const now = new Date();
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where(inSelection(which))
    .execute();
  const ended = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where(inSelection(which))
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}
