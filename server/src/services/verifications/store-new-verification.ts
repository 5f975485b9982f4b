// Steps 4-6 of issuing (issue-verification.ts): stores a secured verification's two files, then its row, audit
// entry, credential, webhook event and the count against the plan's month in one transaction, then tells the
// public pages.
// Any failure removes the files already stored, so there is never a file without a row or a row without files.
import { Readable } from 'node:stream';

import type { CustomField } from '@common/verifications-schemas';

import { cleanFileName } from '../../lib/file-name';
import { issueCredential } from '../credentials/issue-credential';
import { recordAudit } from '../team/record-audit';

import { verificationFileKeys } from './verification-files';

import type { Database } from '../../db/schema';
import type { SecuredDocument } from '../../documents/secure-document';
import type { CredentialSigningKey } from '../credentials/sign-credential';
import type { Actor } from '../team/actor';
import type { VerificationDeps } from './verification-deps';
import type { Transaction } from 'kysely';

export interface NewVerificationRecord {
  id: string;
  code: string;
  title: string;
  holder_name: string;
  issue_date: string;
  expiry_date: string | null;
  custom_fields: CustomField[];
  templateId: string;
  allowDownload: boolean;
  /** The original's bytes, a stream of them, or the key of a file already in storage (copied, not read). */
  original: { filename: string; body: Buffer | Readable | { storedKey: string }; size: number };
  secured: SecuredDocument;
  /** The certificate that signed the secured PDF, as the record names it; null when it is unsigned. */
  signer: { commonName: string; certificateSha256: string } | null;
  /** The bulk operation row it is made for: unique, so a retried row cannot make a second one. */
  bulk?: { operationId: string; rowNumber: number };
  /** The origin its QR code encodes (a verified custom domain's, custom-domains/public-origin.ts); null: PUBLIC_URL's. */
  publicOrigin?: string | null;
  /** The public page's address: the credential's id. */
  publicUrl: string;
  /** The account's seal key, which signs its credential (docs/credentials.md). */
  credentialKey: CredentialSigningKey;
}

function signatureColumns(secured: SecuredDocument, signer: NewVerificationRecord['signer']) {
  if (!secured.signature || !signer) return {};
  return {
    signature_level: secured.signature.level,
    signature_signer: signer.commonName,
    signature_certificate_sha256: signer.certificateSha256,
    signed_at: new Date(secured.signature.signedAt),
    timestamped_at: secured.signature.timestampedAt
      ? new Date(secured.signature.timestampedAt)
      : null,
    timestamp_problem: secured.signature.timestampProblem,
  };
}

export async function storeNewVerification(
  deps: Pick<
    VerificationDeps,
    'db' | 'storage' | 'publicPages' | 'webhooks' | 'planLimits' | 'config'
  >,
  actor: Actor,
  record: NewVerificationRecord,
  /** More writes that must commit or roll back with the row (a bulk row's state). */
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const { db, storage } = deps;
  const { id, code, secured } = record;
  const keys = verificationFileKeys(id);
  const saved = { type: 'verification-saved', code } as const;
  try {
    const { body } = record.original;
    if (Buffer.isBuffer(body) || body instanceof Readable) await storage.put(keys.original, body);
    else await storage.copy(body.storedKey, keys.original);
    await storage.put(keys.secured, secured.pdf);
    await db.transaction().execute(async (trx) => {
      await deps.planLimits.countVerification(trx, actor.accountId);
      await trx
        .insertInto('verifications')
        .values({
          id,
          user_id: actor.accountId,
          created_by: actor.id,
          code,
          title: record.title,
          holder_name: record.holder_name,
          issue_date: record.issue_date,
          expiry_date: record.expiry_date,
          custom_fields: JSON.stringify(record.custom_fields),
          template_id: record.templateId,
          // As drawn: a sealed code may be larger than asked (secure-document.ts).
          qr_placement: JSON.stringify(secured.placement),
          allow_download: record.allowDownload,
          revoked_at: null,
          revocation_reason: null,
          replaced_by_id: null,
          original_file_name: cleanFileName(record.original.filename),
          original_content_type: secured.contentType,
          original_size: record.original.size,
          original_sha256: secured.originalSha256,
          secured_size: secured.pdf.length,
          secured_sha256: secured.securedSha256,
          last_scanned_at: null,
          bulk_operation_id: record.bulk?.operationId ?? null,
          bulk_row_number: record.bulk?.rowNumber ?? null,
          public_origin: record.publicOrigin ?? null,
          seal: secured.seal?.digits ?? null,
          seal_kid: secured.seal?.kid ?? null,
          ...signatureColumns(secured, record.signer),
        })
        .execute();
      await recordAudit(trx, actor, {
        action: 'verification.created',
        object: { type: 'verification', id, name: record.title },
      });
      await issueCredential(trx, deps.config.PUBLIC_URL, record.credentialKey, {
        verificationId: id,
        accountId: actor.accountId,
        templateId: record.templateId,
        url: record.publicUrl,
        title: record.title,
        holderName: record.holder_name,
        issueDate: record.issue_date,
        expiryDate: record.expiry_date,
        customFields: record.custom_fields,
        securedSha256: secured.securedSha256,
      });
      await alsoInTransaction?.(trx);
      await deps.webhooks.emitVerificationEvent(trx, actor.accountId, 'verification.created', id);
      await deps.publicPages.publish(trx, saved);
    });
  } catch (error) {
    await Promise.allSettled([storage.delete(keys.original), storage.delete(keys.secured)]);
    throw error;
  }
  deps.webhooks.wake();
  await deps.publicPages.apply(saved);
}
