// Creates a verification from an uploaded document (staged through /api/uploads/, or sent in the form itself)
// through the one issuing path (issue-verification.ts), and only then removes the staged upload. On a failure the
// staged upload is kept, so the form can be corrected and sent again with it.
import { DEFAULT_QR_PLACEMENT, isoDate } from '@common/verifications';
import type { CreateVerificationRequest } from '@common/verifications-schemas';

import { StoredFileNotFoundError } from '../../storage/storage';
import { findStagedUpload } from '../uploads/find-staged-upload';
import { removeStagedUpload } from '../uploads/remove-staged-upload';
import { uploadNotFound } from '../uploads/upload-errors';

import { findOwnVerification } from './find-own-verification';
import { issueVerification, type IssuedDocument } from './issue-verification';
import { resolveIssuer } from './resolve-issuer';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';

/** The request's fields, with the document as the user's staged upload or as the file itself. */
export type NewVerification = Omit<CreateVerificationRequest, 'upload_id'> & {
  document: { upload_id: string } | { file: UploadedFile };
};

export async function createVerificationFromUpload(
  deps: VerificationDeps,
  actor: Actor,
  input: NewVerification,
): Promise<VerificationRow> {
  const { db, storage } = deps;
  const staged =
    'upload_id' in input.document
      ? await findStagedUpload(storage, actor.id, input.document.upload_id)
      : null;
  // A staged upload stays where it is: checked when it was staged, read by the worker, copied into place.
  const { file } = input.document as { file?: UploadedFile };
  const document: IssuedDocument = staged
    ? { kind: 'stored', filename: staged.record.name, key: staged.key, isChecked: true }
    : { kind: 'file', filename: file!.filename, path: file!.path };
  // Checked before the document is secured: a wrong template should not cost that work.
  const issuer = await resolveIssuer(deps, actor, input.template_id || null);
  let issued;
  try {
    issued = await issueVerification(deps, issuer, {
      facts: {
        title: input.title,
        holder_name: input.holder_name,
        issue_date: input.issue_date ?? isoDate(),
        expiry_date: input.expiry_date ?? null,
        custom_fields: input.custom_fields ?? [],
      },
      placement: input.qr ?? DEFAULT_QR_PLACEMENT,
      allowDownload: input.allow_download ?? false,
      document,
    });
  } catch (error) {
    // Removed meanwhile (by the user, or past its expiry).
    if (staged && error instanceof StoredFileNotFoundError && error.key === staged.key) {
      throw uploadNotFound();
    }
    throw error;
  }
  if (staged) await removeStagedUpload(storage, actor.id, staged.record.id);
  return findOwnVerification(db, actor.accountId, issued.id);
}
