// Removes verification files that no row names: what a crash leaves between storing a secured document and
// inserting its row, or between deleting a row and its files. Run at start-up, before the app serves, so no
// creation is in flight. (With several instances on one store, the scale-out work must add an age limit.)
import { isUuid } from '../../lib/uuid';

import type { VerificationDeps } from './verification-deps';

const VERIFICATIONS_FOLDER = 'verifications';
const ID_BATCH = 500;

/** Answers the ids whose files were removed. */
export async function removeOrphanedVerificationFiles(
  deps: Pick<VerificationDeps, 'db' | 'storage'>,
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
  const orphans = ids.filter((id) => !known.has(id));
  for (const id of orphans) {
    await Promise.all(keysById.get(id)!.map((key) => deps.storage.delete(key)));
  }
  return orphans;
}
