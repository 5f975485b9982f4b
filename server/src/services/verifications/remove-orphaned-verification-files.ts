// Removes verification files that no row names: what a crash leaves between storing a secured document and
// inserting its row, or between deleting a row and its files. Run at start-up, before the app serves. Another
// instance sharing the store may be between those two steps right now, so only files older than minAgeMs go
// (ORPHANED_FILES_MIN_AGE_SECONDS: storing the files and inserting the row are seconds apart; 0 with one instance).
import { isUuid } from '../../lib/uuid';

import type { VerificationDeps } from './verification-deps';

const VERIFICATIONS_FOLDER = 'verifications';
const ID_BATCH = 500;

/** Answers the ids whose files were removed. */
export async function removeOrphanedVerificationFiles(
  deps: Pick<VerificationDeps, 'db' | 'storage'>,
  minAgeMs: number,
): Promise<string[]> {
  const keysById = new Map<string, string[]>();
  for (const key of await deps.storage.list(VERIFICATIONS_FOLDER)) {
    const [, id] = key.split('/');
    if (id) keysById.set(id, [...(keysById.get(id) ?? []), key]);
  }
  const ids = [...keysById.keys()];
  // A folder name that is not a uuid is no row's; the others are looked up by id, as every read of the app does.
  const rowIds = ids.filter(isUuid);
  const known = new Set<string>();
  for (let start = 0; start < rowIds.length; start += ID_BATCH) {
    const batch = rowIds.slice(start, start + ID_BATCH);
    const rows = await deps.db
      .selectFrom('verifications')
      .select('id')
      .where('id', 'in', batch)
      .execute();
    for (const row of rows) known.add(row.id);
  }
  const orphans = await olderThan(
    deps.storage,
    ids.filter((id) => !known.has(id)),
    keysById,
    minAgeMs,
  );
  for (const id of orphans) {
    await Promise.all(keysById.get(id)!.map((key) => deps.storage.delete(key)));
  }
  return orphans;
}

/** The ids whose every file was last written more than minAgeMs ago (asked only of the few orphans). */
async function olderThan(
  storage: VerificationDeps['storage'],
  ids: string[],
  keysById: Map<string, string[]>,
  minAgeMs: number,
): Promise<string[]> {
  if (minAgeMs === 0) return ids;
  const cutoff = Date.now() - minAgeMs;
  const old: string[] = [];
  for (const id of ids) {
    const times = await Promise.all(keysById.get(id)!.map((key) => storage.modifiedAt(key)));
    if (times.every((time) => !time || time.getTime() < cutoff)) old.push(id);
  }
  return old;
}
