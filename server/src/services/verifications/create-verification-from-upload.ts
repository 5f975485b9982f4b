// Creates a verification from an uploaded document (staged through /api/uploads/, or sent in the form itself):
// secures the document, stores it (store-new-verification.ts), and only then removes the staged upload. On a
// failure the staged upload is kept, so the form can be corrected and sent again with it.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

import { DEFAULT_QR_PLACEMENT, isoDate } from '@common/verifications';
import type { CreateVerificationRequest } from '@common/verifications-schemas';

import { sealRequestFor } from '../../documents/sign-seal';
import { findPublicOrigin } from '../custom-domains/public-origin';
import { resolveTemplateId } from '../templates/resolve-template-id';
import { readStagedUpload } from '../uploads/read-staged-upload';
import { removeStagedUpload } from '../uploads/remove-staged-upload';

import { findOwnVerification } from './find-own-verification';
import { generatePublicCode, verificationUrl } from './public-code';
import { storeNewVerification } from './store-new-verification';

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
  // Checked before the document is secured: a wrong template, or a month's quota used up, should not cost that work.
  await deps.planLimits.requireVerificationsLeft(actor.accountId);
  const templateId = await resolveTemplateId(db, actor.accountId, input.template_id || null);
  const id = randomUUID();
  // 80 random bits: a clash is not a practical concern, and the unique index would refuse one anyway.
  const code = generatePublicCode();
  const publicOrigin = await findPublicOrigin(db, config, actor.accountId);
  const facts = {
    holder_name: input.holder_name,
    issue_date: input.issue_date ?? isoDate(),
    expiry_date: input.expiry_date ?? null,
  };
  const sealKey = await deps.seals.signingKeyFor(actor.accountId, templateId, publicOrigin);
  const bytes = await source.readBytes();
  const secured = await deps.securing.secureDocument({
    bytes,
    code,
    url: verificationUrl(publicOrigin ?? config.PUBLIC_URL, code),
    placement: qr,
    maxBytes: config.UPLOAD_MAX_BYTES,
    seal: sealRequestFor(sealKey, facts),
  });

  await storeNewVerification(deps, actor, {
    id,
    code,
    title: input.title,
    ...facts,
    custom_fields: input.custom_fields ?? [],
    templateId,
    allowDownload: input.allow_download ?? false,
    original: { filename: source.filename, body: source.storedBody(), size: bytes.length },
    secured,
    publicOrigin,
  });
  if (staged) await removeStagedUpload(storage, actor.id, staged.record.id);
  return findOwnVerification(db, actor.accountId, id);
}
