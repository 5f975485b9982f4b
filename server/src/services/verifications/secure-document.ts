// Secures an uploaded document: checks what it really is, turns an image into a one-page PDF, stamps the QR code
// of its verification on the chosen pages and returns the new PDF with the SHA-256 of both files.
import { createHash } from 'node:crypto';

import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';

import type { QrPlacement } from '@common/verifications';

import { detectDocumentType, type DocumentType } from './detect-document-type';
import { documentErrors } from './document-errors';
import { drawQrStamp } from './draw-qr-stamp';
import { imageToPdf } from './image-to-pdf';


export interface SecureDocumentInput {
  /** The uploaded file, as received. */
  bytes: Buffer;
  /** The verification's public code, printed under the QR code. */
  code: string;
  /** What the QR code encodes: PUBLIC_URL/v/{code}. */
  url: string;
  placement: QrPlacement;
  /** UPLOAD_MAX_BYTES. */
  maxBytes: number;
}

export interface SecuredDocument {
  /** The original's real type, from its content. */
  contentType: DocumentType;
  /** The secured PDF. */
  pdf: Buffer;
  pageCount: number;
  /** Zero-based numbers of the pages that carry the QR code. */
  stampedPages: number[];
  originalSha256: string;
  securedSha256: string;
}

const PRODUCER = 'QR Verify';

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// The encryption dictionary is named in the trailer (or the cross-reference stream) at the end of the file.
const ENCRYPT_KEY = Buffer.from('/Encrypt');
const TRAILER_WINDOW = 64 * 1024;

function namesEncryption(bytes: Buffer): boolean {
  return bytes.subarray(-TRAILER_WINDOW).includes(ENCRYPT_KEY);
}

async function loadPdf(bytes: Buffer): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    // Loaded with encryption ignored so that an encrypted file is told apart by pdf-lib's own reading of the
    // trailer (its EncryptedPDFError fails instanceof checks once compiled).
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    // Encrypted object streams can make the file unreadable before the trailer is even looked at.
    if (namesEncryption(bytes)) throw documentErrors.encryptedPdf();
    throw documentErrors.invalidPdf(error);
  }
  if (doc.isEncrypted) throw documentErrors.encryptedPdf();
  // pdf-lib recovers what it can from a damaged file; one without a readable page tree is not a document.
  try {
    const pages = doc.getPages();
    for (const page of pages) page.getCropBox();
    if (pages.length === 0) throw new Error('The PDF has no pages');
  } catch (error) {
    throw documentErrors.invalidPdf(error);
  }
  return doc;
}

async function documentToStamp(bytes: Buffer, type: DocumentType): Promise<PDFDocument> {
  if (type === 'application/pdf') return loadPdf(bytes);
  const doc = await imageToPdf(bytes, type);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  return doc;
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

export interface CheckedDocument {
  /** The file's real type, from its content. */
  contentType: DocumentType;
  /** The document as pages to stamp (an image becomes one page). */
  doc: PDFDocument;
}

/**
 * The checks securing makes before it stamps anything: size, real type, and a readable document that is not
 * password-protected. Throws the documentErrors answer for the first problem.
 */
export async function checkDocument(bytes: Buffer, maxBytes: number): Promise<CheckedDocument> {
  if (bytes.length > maxBytes) throw documentErrors.tooLarge(maxBytes);
  if (bytes.length === 0) throw documentErrors.empty();
  const contentType = detectDocumentType(bytes);
  if (!contentType) throw documentErrors.unsupportedType();
  return { contentType, doc: await documentToStamp(bytes, contentType) };
}

export async function secureDocument(input: SecureDocumentInput): Promise<SecuredDocument> {
  const { bytes, maxBytes } = input;
  const { contentType, doc } = await checkDocument(bytes, maxBytes);
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
