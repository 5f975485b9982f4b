import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The key list shows "last used" to the minute: a write per request would only cost. */
const USE_RESOLUTION_MS = 60_000;

/** Notes that a key authenticated a request, at most once a minute per key. */
export async function recordApiKeyUse(
  db: Kysely<Database>,
  apiKey: { id: string; lastUsedAt: Date | null },
  now = new Date(),
): Promise<void> {
  if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < USE_RESOLUTION_MS) return;
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', apiKey.id).execute();
}
