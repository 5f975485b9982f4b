import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The team list shows "last active" to the minute: more frequent writes would only cost. */
const ACTIVITY_RESOLUTION_MS = 60_000;

/** Notes that a shared user made a request, at most once a minute. */
export async function recordMemberActivity(
  db: Kysely<Database>,
  member: { id: string; lastActiveAt: Date | null },
  now = new Date(),
): Promise<void> {
  if (
    member.lastActiveAt &&
    now.getTime() - member.lastActiveAt.getTime() < ACTIVITY_RESOLUTION_MS
  ) {
    return;
  }
  await db
    .updateTable('team_members')
    .set({ last_active_at: now })
    .where('id', '=', member.id)
    .execute();
}
