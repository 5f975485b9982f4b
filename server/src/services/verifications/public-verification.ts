// The public view of a verification (its type is shared with the SPA in common/) and the rules that derive it.
import type { PublicVerification, VerificationStatus } from '@common/verifications';

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
  /** The template the page renders with (its design is cached apart: app.publicTemplates). */
  template_id: string;
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
