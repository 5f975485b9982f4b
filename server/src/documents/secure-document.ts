// Secures an uploaded document: checks what it really is, turns an image into a one-page PDF, stamps the QR code
// of its verification on the chosen pages, signs the result (PAdES) and returns the new PDF with the SHA-256 of
// both files. A sealed code's
// seal is signed here, where the original's SHA-256 is known (docs/seals.md), and drawn large enough for its
// modules to stay printable.
import { StandardFonts, type PDFDocument, type PDFPage } from 'pdf-lib';

import type { DocumentContentType } from '@common/uploads';
import { SEALED_QR_MIN_MODULE_MM, type QrPlacement } from '@common/verifications';

import { sha256 } from '../lib/sha256';

import { checkDocument, type DocumentLimits } from './check-document';
import { createQrMatrix, type QrMatrix } from './create-qr-matrix';
import { drawQrStamp } from './draw-qr-stamp';
import { signSeal, type SealRequest } from './sign-seal';
import { signPdf, type PdfSigner, type SignedPdf } from './signing/sign-pdf';

import type { TimestampSettings } from './signing/timestamp-authority';

export interface SecureDocumentInput {
  /** The uploaded file, as received. */
  bytes: Buffer;
  /** The verification's public code, printed under the QR code. */
  code: string;
  /** What the QR code encodes: PUBLIC_URL/v/{code}. */
  url: string;
  placement: QrPlacement;
  limits: DocumentLimits;
  /** The account's key and the facts to seal; null for an unsealed code. */
  seal: SealRequest | null;
  /** These very bytes passed checkDocument already (a staged upload, a checked bulk row): not scanned again. */
  isChecked?: boolean;
  /** Who signs the secured PDF (PAdES, docs/signing.md); null leaves it unsigned. */
  signer: PdfSigner | null;
  /** The time-stamping authority for a B-T signature (TSA_URL); unset or null: B-B. */
  timestamp?: TimestampSettings | null;
}

export interface SecuredDocument {
  /** The original's real type, from its content. */
  contentType: DocumentContentType;
  /** The secured PDF. */
  pdf: Buffer;
  /** The original's size in bytes. */
  originalSize: number;
  pageCount: number;
  /** Zero-based numbers of the pages that carry the QR code. */
  stampedPages: number[];
  originalSha256: string;
  securedSha256: string;
  /** The URL fragment's digits and the key that signed them; null when unsealed. */
  seal: { digits: string; kid: string } | null;
  /** The placement as drawn: a sealed code's size grows to what its modules need. */
  placement: QrPlacement;
  /** The PDF's PAdES signature (times in ISO 8601: a Date would not cross the worker's boundary as one). */
  signature: {
    level: SignedPdf['level'];
    signedAt: string;
    timestampedAt: string | null;
    /** Why the TSA's timestamp is missing although one was asked for. */
    timestampProblem: string | null;
  } | null;
}

// Tenths of a millimetre, rounded up: the stored size never reads below what was drawn.
function roundUpToTenth(mm: number): number {
  return Math.ceil(mm * 10 - 1e-9) / 10;
}

/** A sealed code is never drawn smaller than SEALED_QR_MIN_MODULE_MM a module; an unsealed one as asked. */
export function drawnPlacement(placement: QrPlacement, matrix: QrMatrix, isSealed: boolean) {
  if (!isSealed) return placement;
  const needed = roundUpToTenth(matrix.size * SEALED_QR_MIN_MODULE_MM);
  return needed > placement.size_mm ? { ...placement, size_mm: needed } : placement;
}

function pagesToStamp(pages: PDFPage[], placement: QrPlacement): PDFPage[] {
  switch (placement.pages) {
    case 'first':
      return pages.slice(0, 1);
    case 'last':
      return pages.slice(-1);
    case 'every':
      return pages;
  }
}

export async function secureDocument(input: SecureDocumentInput): Promise<SecuredDocument> {
  const { bytes, limits, isChecked } = input;
  const { contentType, doc } = await checkDocument(bytes, limits, { isChecked });
  return stampDocument(doc, { contentType, original: bytes }, input);
}

/**
 * Stamps and seals a document already loaded (a design with its row drawn on it, which is not parsed again from
 * the bytes it was saved to): `original` is what the seal's hash and the stored original are.
 */
export async function stampDocument(
  doc: PDFDocument,
  { contentType, original }: { contentType: DocumentContentType; original: Buffer },
  input: Pick<SecureDocumentInput, 'code' | 'url' | 'placement' | 'seal' | 'signer' | 'timestamp'>,
): Promise<SecuredDocument> {
  const bytes = original;
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const originalSha256 = sha256(bytes);
  const seal = input.seal
    ? { digits: signSeal(input.seal, input.code, originalSha256), kid: input.seal.kid }
    : null;
  const matrix = createQrMatrix({ url: input.url, seal: seal?.digits ?? null });
  const placement = drawnPlacement(input.placement, matrix, seal !== null);
  const pages = doc.getPages();
  const stamped = pagesToStamp(pages, placement);
  for (const page of stamped) {
    // The stamp in a content stream of its own: pdf-lib caches a stream's encoded bytes once a document is saved,
    // so drawing into one already written (a design drawn and saved as the original) would be lost.
    page.resetPosition();
    drawQrStamp(page, { matrix, code: input.code, placement }, fonts);
  }
  // Object streams (PDF 1.5) would shrink the file a little, but older readers and printers choke on them.
  const stampedPdf = await doc.save({ useObjectStreams: false });
  // The signature last, appended: nothing may rewrite the file after it.
  const signed = input.signer
    ? await signPdf(stampedPdf, input.signer, {
        reason: `Its record: ${input.url}`,
        timestamp: input.timestamp,
      })
    : null;
  const pdf = Buffer.from(signed?.bytes ?? stampedPdf);
  return {
    contentType,
    pdf,
    originalSize: bytes.length,
    pageCount: pages.length,
    stampedPages: stamped.map((page) => pages.indexOf(page)),
    originalSha256,
    securedSha256: sha256(pdf),
    seal,
    placement,
    signature: signed && {
      level: signed.level,
      signedAt: signed.signedAt.toISOString(),
      timestampedAt: signed.timestampedAt?.toISOString() ?? null,
      timestampProblem: signed.timestampProblem,
    },
  };
}
