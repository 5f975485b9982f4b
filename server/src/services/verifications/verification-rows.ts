// The one query that reads verifications with everything an answer needs (account, creator, replacement), and
// the mapping from its rows to the API's Verification. Every read of verifications goes through it.
import { sql, type Kysely } from 'kysely';

import { verificationStatus } from '@common/verifications';
import type { DocumentSignature, Verification } from '@common/verifications-schemas';

import { qrText } from '../../documents/create-qr-matrix';
import { personName } from '../../lib/person-name';

import { verificationUrl } from './public-code';

import type { Database } from '../../db/schema';

export function selectVerificationRows(db: Kysely<Database>) {
  return (
    db
      .selectFrom('verifications as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      // Who made it (the owner or one of their shared users); the account, should that user ever be gone.
      .innerJoin('users as c', (join) =>
        join.on((eb) => eb('c.id', '=', eb.fn.coalesce('v.created_by', 'v.user_id'))),
      )
      .leftJoin('verifications as r', 'r.id', 'v.replaced_by_id')
      .leftJoin('bulk_operations as b', 'b.id', 'v.bulk_operation_id')
      .select([
        'v.id',
        'v.user_id',
        'v.code',
        'v.title',
        'v.holder_name',
        // Dates leave the database as text: a JS Date would shift them by the server's time zone.
        sql<string>`to_char(v.issue_date, 'YYYY-MM-DD')`.as('issue_date'),
        sql<string | null>`to_char(v.expiry_date, 'YYYY-MM-DD')`.as('expiry_date'),
        'v.custom_fields',
        'v.template_id',
        'v.qr_placement',
        'v.allow_download',
        'v.revoked_at',
        'v.revocation_reason',
        'r.id as replaced_by_id',
        'r.code as replaced_by_code',
        'v.original_file_name',
        'v.original_content_type',
        'v.original_size',
        'v.original_sha256',
        'v.secured_size',
        'v.secured_sha256',
        'v.earlier_secured_sha256',
        // The account's owner: the issuer the public page names (load-public-verification.ts).
        'u.email as creator_email',
        'u.first_name as creator_first_name',
        'u.last_name as creator_last_name',
        'c.email as created_by_email',
        'c.first_name as created_by_first_name',
        'c.last_name as created_by_last_name',
        'b.id as bulk_operation_id',
        'b.name as bulk_operation_name',
        'v.created_at',
        'v.updated_at',
        'v.scan_count',
        'v.last_scanned_at',
        'v.public_origin',
        'v.unusual_since',
        'v.unusual_reason',
        'v.seal',
        'v.signature_level',
        'v.signature_signer',
        'v.signature_certificate_sha256',
        'v.signed_at',
        'v.timestamped_at',
        'v.timestamp_problem',
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('verification_credentials as vc')
                .select('vc.verification_id')
                .whereRef('vc.verification_id', '=', 'v.id'),
            )
            .as('has_credential'),
      ])
  );
}

export type VerificationRow = Awaited<
  ReturnType<ReturnType<typeof selectVerificationRows>['executeTakeFirstOrThrow']>
>;

// Kept here too for load-public-verification.ts, which reads it from this module.
export { personName };

/** The secured PDF's signature as the API says it; null for a PDF made before documents were signed. */
export function documentSignature(row: VerificationRow): DocumentSignature {
  if (!row.signature_level || !row.signature_signer || !row.signed_at) return null;
  return {
    level: row.signature_level,
    signer: row.signature_signer,
    certificate_sha256: row.signature_certificate_sha256 ?? '',
    signed_at: row.signed_at.toISOString(),
    timestamped_at: row.timestamped_at?.toISOString() ?? null,
    timestamp_pending: row.timestamp_problem !== null,
  };
}

export function toVerification(
  row: VerificationRow,
  publicUrl: string,
  today: string,
): Verification {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    holder_name: row.holder_name,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    custom_fields: row.custom_fields,
    template_id: row.template_id,
    qr: row.qr_placement,
    status: verificationStatus(row, today),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revocation_reason: row.revocation_reason,
    replaced_by:
      row.replaced_by_id && row.replaced_by_code
        ? { id: row.replaced_by_id, code: row.replaced_by_code }
        : null,
    allow_download: row.allow_download,
    original: {
      file_name: row.original_file_name,
      content_type: row.original_content_type,
      size: row.original_size,
      sha256: row.original_sha256,
    },
    secured: {
      size: row.secured_size,
      sha256: row.secured_sha256,
      earlier_sha256: row.earlier_secured_sha256,
    },
    signature: documentSignature(row),
    // The URL it was printed with: a custom domain's then, or PUBLIC_URL.
    public_url: verificationUrl(row.public_origin ?? publicUrl, row.code),
    // What its QR code encodes: the same URL, with '#' and the seal when sealed.
    qr_url: qrText({
      url: verificationUrl(row.public_origin ?? publicUrl, row.code),
      seal: row.seal,
    }),
    sealed: row.seal !== null,
    // Its verifiable credential's id (the public page's URL, docs/credentials.md); null when it has none.
    credential_id: row.has_credential
      ? verificationUrl(row.public_origin ?? publicUrl, row.code)
      : null,
    created_by: {
      email: row.created_by_email,
      name: personName(row.created_by_first_name, row.created_by_last_name),
    },
    bulk_operation:
      row.bulk_operation_id && row.bulk_operation_name
        ? { id: row.bulk_operation_id, name: row.bulk_operation_name }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    scan_count: row.scan_count,
    last_scanned_at: row.last_scanned_at?.toISOString() ?? null,
    unusual_activity: {
      flagged: row.unusual_since !== null,
      reason: row.unusual_reason,
      since: row.unusual_since?.toISOString() ?? null,
    },
  };
}
