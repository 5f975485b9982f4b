// What a support attachment really is, from its first bytes: images, PDFs and zips by their signatures, text and
// CSV by their name and by reading as UTF-8 without NUL bytes. The browser's type and the name alone are not trusted.
import { open } from 'node:fs/promises';
import path from 'node:path';

import { detectDocumentType } from '../../documents/detect-document-type';

/** Enough for every signature below (a PDF's header may sit anywhere in the first 1 KiB) and a text sample. */
const SAMPLE_BYTES = 8192;
const TEXT_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.csv': 'text/csv',
};
const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04'), Buffer.from('PK\x05\x06')];

async function readStart(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function startsWith(bytes: Buffer, signature: Buffer, offset = 0): boolean {
  return bytes.subarray(offset, offset + signature.length).equals(signature);
}

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    // stream: the sample may end inside a character.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function signatureType(bytes: Buffer, extension: string): string | null {
  const document = detectDocumentType(bytes);
  if (document) return document;
  if (startsWith(bytes, Buffer.from('GIF87a')) || startsWith(bytes, Buffer.from('GIF89a')))
    return 'image/gif';
  if (startsWith(bytes, Buffer.from('RIFF')) && startsWith(bytes, Buffer.from('WEBP'), 8))
    return 'image/webp';
  // Word and Excel files are zips too: only one named .zip is taken as a zip.
  if (ZIP_SIGNATURES.some((signature) => startsWith(bytes, signature)))
    return extension === '.zip' ? 'application/zip' : null;
  return null;
}

/** The attachment's content type, or null when it is none of the kinds support accepts. */
export async function detectAttachmentType(
  filePath: string,
  fileName: string,
): Promise<string | null> {
  const bytes = await readStart(filePath);
  const extension = path.extname(fileName).toLowerCase();
  const known = signatureType(bytes, extension);
  if (known) return known;
  const textType = TEXT_TYPES[extension];
  return textType && isUtf8Text(bytes) ? textType : null;
}
