// What anyone holding a verification's code may see: the answer of GET /api/public/verifications/{code}/ and
// the content of the public page. Nothing here says who the holder's account is beyond the issuer's name.

export type VerificationStatus = 'active' | 'revoked' | 'expired';

export interface CustomField {
  key: string;
  value: string;
}

export interface PublicVerification {
  code: string;
  status: VerificationStatus;
  title: string;
  holder_name: string;
  /** YYYY-MM-DD */
  issue_date: string;
  /** YYYY-MM-DD, or null for a document that never expires. */
  expiry_date: string | null;
  custom_fields: CustomField[];
  issuer: { name: string };
  /** ISO 8601 */
  revoked_at: string | null;
  revocation_reason: string | null;
  replaced_by_code: string | null;
  original_sha256: string;
  secured_sha256: string;
  allow_download: boolean;
}

/** Revoked wins over expired; a document expires at the end of its expiry date (UTC). */
export function verificationStatus(
  verification: { revoked_at: unknown; expiry_date: string | null },
  today: string,
): VerificationStatus {
  if (verification.revoked_at) return 'revoked';
  if (verification.expiry_date !== null && verification.expiry_date < today) return 'expired';
  return 'active';
}

/** Today's date in UTC as YYYY-MM-DD, the form dates are stored and compared in. */
export function isoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What the public-page cache keeps per code: the public view without its status, which depends on the day. */
export interface PublicRecord extends Omit<PublicVerification, 'status' | 'issuer'> {
  /** The verification's id, to count scans against; never shown. */
  id: string;
  issuer_name: string;
  /** For the Content-Length of the public download. */
  secured_size: number;
}

export function toPublicVerification(record: PublicRecord, today: string): PublicVerification {
  return {
    code: record.code,
    status: verificationStatus(record, today),
    title: record.title,
    holder_name: record.holder_name,
    issue_date: record.issue_date,
    expiry_date: record.expiry_date,
    custom_fields: record.custom_fields,
    issuer: { name: record.issuer_name },
    revoked_at: record.revoked_at,
    revocation_reason: record.revocation_reason,
    replaced_by_code: record.replaced_by_code,
    original_sha256: record.original_sha256,
    secured_sha256: record.secured_sha256,
    allow_download: record.allow_download,
  };
}
