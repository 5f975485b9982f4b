// Revokes a verification for good, with a reason and optionally the verification that replaces it.
import type { RevokeVerificationRequest } from '@common/verifications-schemas';

import { fieldError } from '../../lib/app-error';
import { setRevokedBit } from '../credentials/status-list-rows';
import { recordAudit } from '../team/record-audit';

import { findOwnVerification } from './find-own-verification';
import { isPublicCode } from './public-code';
import { alreadyRevoked } from './verification-errors';

import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';

function codeFrom(value: string): string {
  return (value.trim().split('/').filter(Boolean).pop() ?? '').toLowerCase();
}

async function findReplacement(
  deps: VerificationDeps,
  accountId: string,
  revokedId: string,
  value: string,
): Promise<string> {
  const code = codeFrom(value);
  const replacement = isPublicCode(code)
    ? await deps.db
        .selectFrom('verifications')
        .select('id')
        .where('code', '=', code)
        .where('user_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!replacement) {
    throw fieldError('replaced_by_code', 'None of your verifications has this code.');
  }
  if (replacement.id === revokedId) {
    throw fieldError('replaced_by_code', 'A verification cannot replace itself.');
  }
  return replacement.id;
}

export async function revokeVerification(
  deps: VerificationDeps,
  actor: Actor,
  id: string,
  revocation: RevokeVerificationRequest,
): Promise<VerificationRow> {
  const current = await findOwnVerification(deps.db, actor.accountId, id);
  if (current.revoked_at) throw alreadyRevoked();
  const replacedById = revocation.replaced_by_code
    ? await findReplacement(deps, actor.accountId, current.id, revocation.replaced_by_code)
    : null;
  const now = new Date();
  const saved = { type: 'verification-saved', code: current.code } as const;
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('verifications')
      .set({
        revoked_at: now,
        revocation_reason: revocation.reason,
        replaced_by_id: replacedById,
        updated_at: now,
      })
      .where('id', '=', current.id)
      // Two revocations racing: only the first one counts.
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw alreadyRevoked();
    await setRevokedBit(trx, current.id);
    await recordAudit(trx, actor, {
      action: 'verification.revoked',
      object: { type: 'verification', id: current.id, name: current.title },
    });
    await deps.webhooks.emitVerificationEvent(
      trx,
      actor.accountId,
      'verification.revoked',
      current.id,
    );
    await deps.publicPages.publish(trx, saved);
  });
  deps.webhooks.wake();
  await deps.publicPages.apply(saved);
  return findOwnVerification(deps.db, actor.accountId, id);
}
