import type { Session } from '@common/auth-schemas';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * The user's signed-in sessions, latest used first: those whose family still holds a pair that can be used or
 * refreshed. Sessions that signed out, ended, or ran out of time are gone from the list.
 */
export async function listSessions(
  db: Kysely<Database>,
  { userId, currentFamilyId }: { userId: string; currentFamilyId: string | null },
): Promise<Session[]> {
  const now = new Date();
  const rows = await db
    .selectFrom('sessions as s')
    .select(['s.family_id', 's.device', 's.browser', 's.created_at', 's.last_used_at'])
    .where('s.user_id', '=', userId)
    .where('s.ended_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('auth_tokens as t')
          .select('t.id')
          .whereRef('t.family_id', '=', 's.family_id')
          .where('t.revoked_at', 'is', null)
          .where('t.refresh_expires_at', '>', now),
      ),
    )
    .orderBy('s.last_used_at', 'desc')
    .orderBy('s.family_id')
    .execute();
  return rows.map((row) => ({
    id: row.family_id,
    current: row.family_id === currentFamilyId,
    device: row.device as Session['device'],
    browser: row.browser,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
  }));
}
