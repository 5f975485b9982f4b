// The checks securing makes before it stamps anything, also run when a file is staged so the picker can say at
// once what is wrong with it: size, real type, and a readable document that is not password-protected.
import { PDFDocument } from 'pdf-lib';

import type { DocumentContentType } from '@common/uploads';

import { detectDocumentType } from './detect-document-type';
import { documentErrors } from './document-errors';
import { imageToPdf } from './image-to-pdf';
import { checkPdfPageCount, checkPdfStructure, type PdfLimits } from './pdf-structure';

const PRODUCER = 'QR Verify';

// The encryption dictionary is named in the trailer (or the cross-reference stream) at the end of the file.
const ENCRYPT_KEY = Buffer.from('/Encrypt');
const TRAILER_WINDOW = 64 * 1024;

function namesEncryption(bytes: Buffer): boolean {
  return bytes.subarray(-TRAILER_WINDOW).includes(ENCRYPT_KEY);
}

async function loadPdf(bytes: Buffer, limits: PdfLimits, isChecked: boolean): Promise<PDFDocument> {
  // The scan bounds what parsing may cost; bytes that passed it once (when staged, when a bulk row was checked)
  // cost the same again.
  if (!isChecked) await checkPdfStructure(bytes, limits);
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
  checkPdfPageCount(doc.getPageCount(), limits);
  return doc;
}

async function documentToStamp(
  bytes: Buffer,
  type: DocumentContentType,
  limits: PdfLimits,
  isChecked: boolean,
): Promise<PDFDocument> {
  if (type === 'application/pdf') return loadPdf(bytes, limits, isChecked);
  const doc = await imageToPdf(bytes, type);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  return doc;
}

/** What one document may cost: UPLOAD_MAX_BYTES and the PDF_MAX_* settings. */
export interface DocumentLimits extends PdfLimits {
  maxBytes: number;
}

export interface CheckedDocument {
  /** The file's real type, from its content. */
  contentType: DocumentContentType;
  /** The document as pages to stamp (an image becomes one page). */
  doc: PDFDocument;
}

/** Throws the documentErrors answer for the first problem. */
export async function checkDocument(
  bytes: Buffer,
  limits: DocumentLimits,
  /** These very bytes passed checkDocument before, with the same limits: the PDF structure scan is not repeated. */
  { isChecked = false }: { isChecked?: boolean } = {},
): Promise<CheckedDocument> {
  if (bytes.length > limits.maxBytes) throw documentErrors.tooLarge(limits.maxBytes);
  if (bytes.length === 0) throw documentErrors.empty();
  const contentType = detectDocumentType(bytes);
  if (!contentType) throw documentErrors.unsupportedType();
  return { contentType, doc: await documentToStamp(bytes, contentType, limits, isChecked) };
}
