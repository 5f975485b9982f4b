// What an uploaded logo really is, from its content: file names and browser-sent types are not trusted.
import type { TemplateLogoType } from '@common/templates';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

// Before the root element an SVG file may have a byte-order mark, an XML declaration, comments, white space and a
// doctype without an internal subset (entity definitions are refused: they serve no logo, only parser attacks).
const SVG_PROLOGUE =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^[>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;

function isSvg(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  const text = buffer.toString('utf8');
  // Not UTF-8 text (a decoding error leaves replacement characters).
  if (text.includes('\uFFFD')) return false;
  if (/<!ENTITY/i.test(text)) return false;
  return SVG_PROLOGUE.test(text) && (/<\/svg\s*>/.test(text) || text.trimEnd().endsWith('/>'));
}

export function detectLogoType(bytes: Buffer): TemplateLogoType | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  if (isSvg(bytes)) return 'image/svg+xml';
  return null;
}
