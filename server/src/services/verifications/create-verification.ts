// Creates a verification from an upload: secures the document, stores both files, then writes the row. Any
// failure removes what was already stored, so there is never a file without a row or a row without files.
import { randomUUID } from 'node:crypto';

import type { CustomField, QrPlacement } from '@common/verifications';

import { resolveTemplateId } from '../templates/resolve-template-id';

import { findOwnVerification } from './find-own-verification';
import { generatePublicCode, verificationUrl } from './public-code';
import { secureDocument } from './secure-document';
import { verificationFileKeys } from './verification-files';

import type { VerificationDeps } from './verification-deps';
import type { VerificationRow } from './verification-rows';

export interface NewVerification {
  file: { filename: string; data: Buffer };
  title: string;
  holder_name: string;
  issue_date: string;
  expiry_date: string | null;
  custom_fields: CustomField[];
  qr: QrPlacement;
  allow_download: boolean;
  /** One of the account's templates; null for the account's default. */
  template_id: string | null;
}

const FILE_NAME_MAX_LENGTH = 255;

// Browsers send a bare name, but some clients send a whole path ('C:\fakepath\diploma.pdf').
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, FILE_NAME_MAX_LENGTH);
  return clean || 'document';
}

export async function createVerification(
  deps: VerificationDeps,
  userId: string,
  input: NewVerification,
): Promise<VerificationRow> {
  const { db, storage, config } = deps;
  // Checked before the document is secured: a wrong template should not cost that work.
  const templateId = await resolveTemplateId(db, userId, input.template_id);
  const id = randomUUID();
  // 80 random bits: a clash is not a practical concern, and the unique index would refuse one anyway.
  const code = generatePublicCode();
  const secured = await secureDocument({
    bytes: input.file.data,
    code,
    url: verificationUrl(config.PUBLIC_URL, code),
    placement: input.qr,
    maxBytes: config.UPLOAD_MAX_BYTES,
  });

  const keys = verificationFileKeys(id);
  try {
    await storage.put(keys.original, input.file.data);
    await storage.put(keys.secured, secured.pdf);
    await db
      .insertInto('verifications')
      .values({
        id,
        user_id: userId,
        code,
        title: input.title,
        holder_name: input.holder_name,
        issue_date: input.issue_date,
        expiry_date: input.expiry_date,
        custom_fields: JSON.stringify(input.custom_fields),
        template_id: templateId,
        qr_placement: JSON.stringify(input.qr),
        allow_download: input.allow_download,
        revoked_at: null,
        revocation_reason: null,
        replaced_by_id: null,
        original_file_name: cleanFileName(input.file.filename),
        original_content_type: secured.contentType,
        original_size: input.file.data.length,
        original_sha256: secured.originalSha256,
        secured_size: secured.pdf.length,
        secured_sha256: secured.securedSha256,
        last_scanned_at: null,
      })
      .execute();
  } catch (error) {
    await Promise.allSettled([storage.delete(keys.original), storage.delete(keys.secured)]);
    throw error;
  }
  await deps.publicRecords.refresh(code);
  return findOwnVerification(db, userId, id);
}
