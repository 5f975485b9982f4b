// A Content-Disposition header that names a download: an ASCII fallback for old clients and the exact UTF-8
// name in filename* (RFC 6266 / RFC 5987), which the SPA and browsers prefer.
import { withoutInvisibleFormatting } from '@common/text-schemas';

function asciiFallback(fileName: string): string {
  return (
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download'
  );
}

// encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char does not allow the first four.
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function attachment(fileName: string): string {
  // Names stored before file names were cleaned may still hold bidirectional controls.
  const clean =
    withoutInvisibleFormatting(fileName)
      .replace(/[\p{Cc}/\\]/gu, '_')
      .trim() || 'download';
  return `attachment; filename="${asciiFallback(clean)}"; filename*=UTF-8''${rfc5987(clean)}`;
}
