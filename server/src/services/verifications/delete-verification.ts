// Deletes a verification, its scans and its files; its code then answers 'not found' on the public page.
import { verificationNotFound } from './verification-errors';
import { verificationFileKeys } from './verification-files';

import type { VerificationDeps } from './verification-deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deletes the verification; answers the storage keys of files that could not be removed (to log). */
export async function deleteVerification(
  deps: VerificationDeps,
  userId: string,
  id: string,
): Promise<string[]> {
  if (!UUID.test(id)) throw verificationNotFound();
  const { deleted, replacing } = await deps.db.transaction().execute(async (trx) => {
    // Verifications revoked in favour of this one lose their replacement link (ON DELETE SET NULL).
    const replacingRows = await trx
      .selectFrom('verifications')
      .select('code')
      .where('replaced_by_id', '=', id)
      .execute();
    const deletedRow = await trx
      .deleteFrom('verifications')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['id', 'code'])
      .executeTakeFirst();
    return { deleted: deletedRow, replacing: replacingRows.map((row) => row.code) };
  });
  if (!deleted) throw verificationNotFound();

  deps.publicRecords.delete(deleted.code);
  await Promise.all(replacing.map((code) => deps.publicRecords.refresh(code)));
  // The row goes first: a file left behind by a failure here is harmless, a row without its files is not.
  const { original, secured } = verificationFileKeys(deleted.id);
  const removals = await Promise.allSettled([
    deps.storage.delete(original),
    deps.storage.delete(secured),
  ]);
  return [original, secured].filter((_key, index) => removals[index].status === 'rejected');
}
