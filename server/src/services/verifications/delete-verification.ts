// Deletes a verification, its scans and its files; its code then answers 'not found' on the public page.
import { isUuid } from '../../lib/uuid';
import { withdrawCredential } from '../credentials/status-list-rows';
import { recordAudit } from '../team/record-audit';

import { verificationNotFound } from './verification-errors';
import { verificationFileKeys } from './verification-files';

import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';

/** Deletes the verification; answers the storage keys of files that could not be removed (to log). */
export async function deleteVerification(
  deps: VerificationDeps,
  actor: Actor,
  id: string,
): Promise<string[]> {
  if (!isUuid(id)) throw verificationNotFound();
  const { deletedId, change } = await deps.db.transaction().execute(async (trx) => {
    // The event carries the verification as it was, so it is read before the row goes (and rolls back with it).
    await deps.webhooks.emitVerificationEvent(trx, actor.accountId, 'verification.deleted', id);
    // Verifications revoked in favour of this one lose their replacement link (ON DELETE SET NULL).
    const replacingRows = await trx
      .selectFrom('verifications')
      .select('code')
      .where('replaced_by_id', '=', id)
      .execute();
    // Its credential reads revoked from now on (rolled back with the rest when the row is not the account's).
    await withdrawCredential(trx, id);
    const deletedRow = await trx
      .deleteFrom('verifications')
      .where('id', '=', id)
      .where('user_id', '=', actor.accountId)
      .returning(['id', 'code', 'title'])
      .executeTakeFirst();
    // Thrown inside, so that an event recorded for a row another request deleted first rolls back.
    if (!deletedRow) throw verificationNotFound();
    await recordAudit(trx, actor, {
      action: 'verification.deleted',
      object: { type: 'verification', id: deletedRow.id, name: deletedRow.title },
    });
    const deleted = {
      type: 'verification-deleted',
      code: deletedRow.code,
      replacedCodes: replacingRows.map((row) => row.code),
    } as const;
    await deps.publicPages.publish(trx, deleted);
    return { deletedId: deletedRow.id, change: deleted };
  });
  deps.webhooks.wake();

  await deps.publicPages.apply(change);
  // The row goes first: a file left behind by a failure here is harmless, a row without its files is not.
  const { original, secured } = verificationFileKeys(deletedId);
  const removals = await Promise.allSettled([
    deps.storage.delete(original),
    deps.storage.delete(secured),
  ]);
  return [original, secured].filter((_key, index) => removals[index].status === 'rejected');
}
