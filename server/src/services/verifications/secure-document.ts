// Secures an uploaded document: checks what it really is, turns an image into a one-page PDF, stamps the QR code
// of its verification on the chosen pages and returns the new PDF with the SHA-256 of both files.
import { StandardFonts, type PDFPage } from 'pdf-lib';

import type { DocumentContentType } from '@common/uploads';
import type { QrPlacement } from '@common/verifications';

import { sha256 } from '../../lib/sha256';

import { checkDocument, type DocumentLimits } from './check-document';
import { drawQrStamp } from './draw-qr-stamp';

export interface SecureDocumentInput {
  /** The uploaded file, as received. */
  bytes: Buffer;
  /** The verification's public code, printed under the QR code. */
  code: string;
  /** What the QR code encodes: PUBLIC_URL/v/{code}. */
  url: string;
  placement: QrPlacement;
  limits: DocumentLimits;
}

export interface SecuredDocument {
  /** The original's real type, from its content. */
  contentType: DocumentContentType;
  /** The secured PDF. */
  pdf: Buffer;
  pageCount: number;
  /** Zero-based numbers of the pages that carry the QR code. */
  stampedPages: number[];
  originalSha256: string;
  securedSha256: string;
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
  const { bytes, limits } = input;
  const { contentType, doc } = await checkDocument(bytes, limits);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const pages = doc.getPages();
  const stamped = pagesToStamp(pages, input.placement);
  for (const page of stamped) {
    drawQrStamp(page, { url: input.url, code: input.code, placement: input.placement }, fonts);
  }
  // Object streams (PDF 1.5) would shrink the file a little, but older readers and printers choke on them.
  const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
  return {
    contentType,
    pdf,
    pageCount: pages.length,
    stampedPages: stamped.map((page) => pages.indexOf(page)),
    originalSha256: sha256(bytes),
    securedSha256: sha256(pdf),
  };
}
