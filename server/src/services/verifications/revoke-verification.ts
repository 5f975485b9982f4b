// Revokes a verification for good, with a reason and optionally the verification that replaces it.
import { AppError } from '../../lib/app-error';

import { findOwnVerification } from './find-own-verification';
import { isPublicCode } from './public-code';
import { fieldError } from './verification-errors';

import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';

export interface Revocation {
  reason: string;
  /** The replacing verification's code, or its public URL (…/v/{code}), as pasted. */
  replaced_by_code?: string;
}

function alreadyRevoked(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'already_revoked',
    message: 'This verification is already revoked.',
  });
}

function codeFrom(value: string): string {
  return (value.trim().split('/').filter(Boolean).pop() ?? '').toLowerCase();
}

async function findReplacement(
  deps: VerificationDeps,
  userId: string,
  revokedId: string,
  value: string,
): Promise<string> {
  const code = codeFrom(value);
  const replacement = isPublicCode(code)
    ? await deps.db
        .selectFrom('verifications')
        .select('id')
        .where('code', '=', code)
        .where('user_id', '=', userId)
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
  userId: string,
  id: string,
  revocation: Revocation,
): Promise<VerificationRow> {
  const current = await findOwnVerification(deps.db, userId, id);
  if (current.revoked_at) throw alreadyRevoked();
  const replacedById = revocation.replaced_by_code
    ? await findReplacement(deps, userId, current.id, revocation.replaced_by_code)
    : null;
  const now = new Date();
  const result = await deps.db
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
  await deps.publicRecords.refresh(current.code);
  return findOwnVerification(deps.db, userId, id);
}
