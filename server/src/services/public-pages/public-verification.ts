// The public view of a verification (its type is shared with the SPA in common/), derived from what the
// public-page cache keeps.
import { publicBadgePath, publicCredentialPath } from '@common/credentials';
import { verificationStatus } from '@common/verifications';
import type { PublicVerification } from '@common/verifications-schemas';

/** What the public-page cache keeps per code: the public view without its status, which depends on the day. */
export interface CachedPublicVerification extends Omit<PublicVerification, 'status'> {
  /** The verification's id, to count scans against; never shown. */
  id: string;
  /** Its account: a custom domain serves only its own account's pages (plugins/custom-domain-hosts.ts). */
  account_id: string;
  /** The account's verified custom domain, where its pages are served too; null when none. */
  issuer_domain: string | null;
  /** For the Content-Length of the public download. */
  secured_size: number;
  /** The template the page renders with (its design is cached apart, by template id). */
  template_id: string;
  sealed: boolean;
  /** Whether it has a verifiable credential (docs/credentials.md). */
  has_credential: boolean;
  /** Whether that credential is an Open Badge (its template made documents achievements when it was issued). */
  has_open_badge: boolean;
  /** The seal its printed QR code carries (docs/seals.md), for the Open Badge's QR code; never shown. */
  seal: string | null;
}

/** The credential the page offers: the download (relative, so a custom domain serves it too) and LinkedIn's fields. */
function offeredCredential(cached: CachedPublicVerification): PublicVerification['credential'] {
  if (!cached.has_credential || !cached.allow_download) return null;
  const { issuer } = cached;
  return {
    url: publicCredentialPath(cached.code),
    badge_url: cached.has_open_badge ? publicBadgePath(cached.code) : null,
    linkedin: {
      name: cached.title,
      organizationName: issuer.issuer ?? issuer.declared_name ?? issuer.name,
      issueDate: cached.issue_date,
      expiryDate: cached.expiry_date,
      certId: cached.code,
    },
  };
}

export function toPublicVerification(
  cached: CachedPublicVerification,
  today: string,
): PublicVerification {
  return {
    code: cached.code,
    status: verificationStatus(cached, today),
    title: cached.title,
    holder_name: cached.holder_name,
    issue_date: cached.issue_date,
    expiry_date: cached.expiry_date,
    custom_fields: cached.custom_fields,
    issuer: cached.issuer,
    revoked_at: cached.revoked_at,
    revocation_reason: cached.revocation_reason,
    replaced_by_code: cached.replaced_by_code,
    original_sha256: cached.original_sha256,
    secured_sha256: cached.secured_sha256,
    earlier_secured_sha256: cached.earlier_secured_sha256 ?? null,
    signature: cached.signature ?? null,
    allow_download: cached.allow_download,
    sealed: cached.sealed,
    credential: offeredCredential(cached),
  };
}
