// Creates a verification from an uploaded document (staged through /api/uploads/, or sent in the form itself):
// secures the document, stores both files, writes the row, tells the public pages, and only then removes the
// staged upload. Any failure removes what was already stored, so there is never a file without a row or a row
// without files; the staged upload is kept, so the form can be corrected and sent again with it.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

import { DEFAULT_QR_PLACEMENT, isoDate } from '@common/verifications';
import type { CreateVerificationRequest } from '@common/verifications-schemas';

import { cleanFileName } from '../../lib/file-name';
import { recordAudit } from '../team/record-audit';
import { resolveTemplateId } from '../templates/resolve-template-id';
import { readStagedUpload } from '../uploads/read-staged-upload';
import { removeStagedUpload } from '../uploads/remove-staged-upload';

import { findOwnVerification } from './find-own-verification';
import { generatePublicCode, verificationUrl } from './public-code';
import { verificationFileKeys } from './verification-files';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';
import type { Readable } from 'node:stream';

/** The request's fields, with the document as the user's staged upload or as the file itself. */
export type NewVerification = Omit<CreateVerificationRequest, 'upload_id'> & {
  document: { upload_id: string } | { file: UploadedFile };
};

/** The document as securing and storage read it: a staged upload's bytes, or the form's file on disk. */
interface DocumentSource {
  filename: string;
  readBytes(): Promise<Buffer>;
  /** A form's file streams into storage instead of being held in memory once more. */
  storedBody(): Buffer | Readable;
}

function documentSource(
  staged: Awaited<ReturnType<typeof readStagedUpload>> | null,
  document: NewVerification['document'],
): DocumentSource {
  if (staged) {
    return {
      filename: staged.record.name,
      readBytes: async () => staged.data,
      storedBody: () => staged.data,
    };
  }
  const { file } = document as { file: UploadedFile };
  return {
    filename: file.filename,
    readBytes: () => readFile(file.path),
    storedBody: () => createReadStream(file.path),
  };
}

export async function createVerificationFromUpload(
  deps: VerificationDeps,
  actor: Actor,
  input: NewVerification,
): Promise<VerificationRow> {
  const { db, storage, config } = deps;
  const staged =
    'upload_id' in input.document
      ? await readStagedUpload(storage, actor.id, input.document.upload_id)
      : null;
  const source = documentSource(staged, input.document);
  const qr = input.qr ?? DEFAULT_QR_PLACEMENT;
  // Checked before the document is secured: a wrong template should not cost that work.
  const templateId = await resolveTemplateId(db, actor.accountId, input.template_id || null);
  const id = randomUUID();
  // 80 random bits: a clash is not a practical concern, and the unique index would refuse one anyway.
  const code = generatePublicCode();
  const bytes = await source.readBytes();
  const secured = await deps.securing.secureDocument({
    bytes,
    code,
    url: verificationUrl(config.PUBLIC_URL, code),
    placement: qr,
    maxBytes: config.UPLOAD_MAX_BYTES,
  });

  const keys = verificationFileKeys(id);
  try {
    await storage.put(keys.original, source.storedBody());
    await storage.put(keys.secured, secured.pdf);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('verifications')
        .values({
          id,
          user_id: actor.accountId,
          created_by: actor.id,
          code,
          title: input.title,
          holder_name: input.holder_name,
          issue_date: input.issue_date ?? isoDate(),
          expiry_date: input.expiry_date ?? null,
          custom_fields: JSON.stringify(input.custom_fields ?? []),
          template_id: templateId,
          qr_placement: JSON.stringify(qr),
          allow_download: input.allow_download ?? false,
          revoked_at: null,
          revocation_reason: null,
          replaced_by_id: null,
          original_file_name: cleanFileName(source.filename),
          original_content_type: secured.contentType,
          original_size: bytes.length,
          original_sha256: secured.originalSha256,
          secured_size: secured.pdf.length,
          secured_sha256: secured.securedSha256,
          last_scanned_at: null,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: 'verification.created',
        object: { type: 'verification', id, name: input.title },
      });
    });
  } catch (error) {
    await Promise.allSettled([storage.delete(keys.original), storage.delete(keys.secured)]);
    throw error;
  }
  await deps.publicPages.apply({ type: 'verification-saved', code });
  if (staged) await removeStagedUpload(storage, actor.id, staged.record.id);
  return findOwnVerification(db, actor.accountId, id);
}
