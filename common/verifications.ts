// The verification as both sides see it: the API's JSON, its QR placement and the public view of a code.

export type VerificationStatus = 'active' | 'revoked' | 'expired';

export const QR_PAGES = ['first', 'last', 'every'] as const;
export const QR_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const QR_POSITIONS = [...QR_CORNERS, 'custom'] as const;

export type QrPages = (typeof QR_PAGES)[number];
export type QrCorner = (typeof QR_CORNERS)[number];
export type QrPosition = (typeof QR_POSITIONS)[number];

/** Below 2 cm phone cameras start to miss the code, so no smaller size is accepted. */
export const QR_MIN_SIZE_MM = 20;

export interface QrPlacement {
  pages: QrPages;
  position: QrPosition;
  /** For 'custom': the QR code's left edge as a fraction of the page width, from the left (0..1). */
  x?: number;
  /** For 'custom': the QR code's top edge as a fraction of the page height, from the top (0..1). */
  y?: number;
  /** Side of the QR code itself (without its quiet zone and caption), in millimetres. */
  size_mm: number;
}

export interface CustomField {
  key: string;
  value: string;
}

/** GET /api/verifications/{id}/ and every other answer that carries a verification. */
export interface Verification {
  id: string;
  code: string;
  title: string;
  holder_name: string;
  /** YYYY-MM-DD */
  issue_date: string;
  /** YYYY-MM-DD, or null for a document that never expires. */
  expiry_date: string | null;
  custom_fields: CustomField[];
  template_id: string | null;
  qr: QrPlacement;
  status: VerificationStatus;
  /** ISO 8601 */
  revoked_at: string | null;
  revocation_reason: string | null;
  replaced_by: { id: string; code: string } | null;
  allow_download: boolean;
  original: { file_name: string; content_type: string; size: number; sha256: string };
  secured: { size: number; sha256: string };
  public_url: string;
  created_by: { email: string; name: string };
  created_at: string;
  updated_at: string;
  scan_count: number;
  last_scanned_at: string | null;
}

/**
 * What anyone holding a verification's code may see: the answer of GET /api/public/verifications/{code}/ and
 * the content of the public page. Nothing here says who the holder's account is beyond the issuer's name.
 */
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
