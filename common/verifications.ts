// The verification as both sides see it: its limits, its QR placement and its statuses. No zod here, so the SPA
// bundles these values without the schemas; the shapes (schemas and their types) are in verifications-schemas.ts, which the SPA imports as types only.

export const VERIFICATION_STATUSES = ['active', 'revoked', 'expired'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The kinds of device a public page view is counted as. */
export const SCAN_DEVICES = ['mobile', 'desktop', 'bot', 'other'] as const;
export type ScanDevice = (typeof SCAN_DEVICES)[number];

/** How the list of verifications may be sorted; a leading '-' sorts descending. */
export const VERIFICATION_ORDERINGS = [
  'created_at',
  '-created_at',
  'title',
  '-title',
  'issue_date',
  '-issue_date',
  'scan_count',
  '-scan_count',
] as const;
export type VerificationOrdering = (typeof VERIFICATION_ORDERINGS)[number];

/** PAdES baseline levels of a secured PDF's signature (docs/signing.md), from a bare signature to archival. */
export const SIGNATURE_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
export type SignatureLevel = (typeof SIGNATURE_LEVELS)[number];
/** The install's document-signing CA certificate: trust it to see the signatures of its PDFs as trusted. */
export const DOCUMENT_CA_PATH = '/.well-known/qrverify-ca.pem';

export const QR_PAGES = ['first', 'last', 'every'] as const;
export const QR_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const QR_POSITIONS = [...QR_CORNERS, 'custom'] as const;

export type QrPages = (typeof QR_PAGES)[number];
export type QrCorner = (typeof QR_CORNERS)[number];
export type QrPosition = (typeof QR_POSITIONS)[number];

/** The public code's letters: lower case and digits without the look-alikes 0/o and 1/l (5 bits each). */
export const PUBLIC_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Characters of a public code: 80 random bits. */
export const PUBLIC_CODE_LENGTH = 16;

/** Below 2 cm phone cameras start to miss the code, so no smaller size is accepted. */
export const QR_MIN_SIZE_MM = 20;
export const QR_MAX_SIZE_MM = 100;
export const QR_DEFAULT_SIZE_MM = 25;
/**
 * A sealed code carries ~110 more bytes (version 10–11 instead of 3–4), so its modules shrink: phones read a
 * printed code reliably from 0.55 mm a module (docs/seals.md), which a version-11 code reaches at 34 mm. A sealed
 * stamp is never drawn smaller than its modules need, whatever size was asked for.
 */
export const SEALED_QR_MIN_MODULE_MM = 0.55;
export const SEALED_QR_MIN_SIZE_MM = 34;

/** What the server enforces on a verification's fields (lengths in characters). */
export const VERIFICATION_LIMITS = {
  title: 200,
  holder_name: 200,
  custom_field_key: 100,
  custom_field_value: 1000,
  custom_fields: 20,
  revocation_reason: 500,
  replaced_by_code: 500,
  template_id: 100,
  upload_id: 100,
  search: 200,
  page_size: 100,
  default_page_size: 20,
  qr_size_min_mm: QR_MIN_SIZE_MM,
  qr_size_max_mm: QR_MAX_SIZE_MM,
  qr_size_default_mm: QR_DEFAULT_SIZE_MM,
  qr_size_min_sealed_mm: SEALED_QR_MIN_SIZE_MM,
} as const;

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

/** Where the code goes when the form does not say. */
export const DEFAULT_QR_PLACEMENT: QrPlacement = {
  pages: 'first',
  position: 'bottom-right',
  size_mm: QR_DEFAULT_SIZE_MM,
};

const DAY_MS = 86_400_000;
// The last day asked for: the public page asks several times a view, nearly always for today.
let lastDay = { start: 0, iso: '1970-01-01' };

/** Today's date in UTC as YYYY-MM-DD: the form dates are stored and compared in, and statuses are judged by. */
export function isoDate(now: Date = new Date()): string {
  const time = now.getTime();
  // Written so that an invalid date (NaN) misses, and throws as toISOString does.
  if (!(time >= lastDay.start && time - lastDay.start < DAY_MS)) {
    const iso = now.toISOString().slice(0, 10);
    lastDay = { start: Date.parse(iso), iso };
  }
  return lastDay.iso;
}

export const EXPIRY_BEFORE_ISSUE = 'The expiry date cannot be before the issue date.';

/**
 * The one rule for the two dates, on both sides: a document may expire on the day it is issued (a one-day pass),
 * not before. ISO dates compare as strings.
 */
export function expiresBeforeIssue(
  issueDate: string,
  expiryDate: string | null | undefined,
): boolean {
  return Boolean(expiryDate) && expiryDate! < issueDate;
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
