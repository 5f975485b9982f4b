// What an upload really is, from its first bytes: file names and browser-sent types are not trusted.
import type { DocumentContentType } from '@common/uploads';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const PDF_HEADER = Buffer.from('%PDF-');
// Readers (Acrobat included) accept a PDF header anywhere in the first 1024 bytes, after some leading junk.
const PDF_HEADER_WINDOW = 1024;

export function detectDocumentType(bytes: Uint8Array): DocumentContentType | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (buffer.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  if (buffer.subarray(0, PDF_HEADER_WINDOW + PDF_HEADER.length).includes(PDF_HEADER)) {
    return 'application/pdf';
  }
  return null;
}
