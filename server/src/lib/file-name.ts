// A file name as a client sent it, made safe to keep and show.
import { withoutInvisibleFormatting, withoutUnpairedSurrogates } from '@common/text-schemas';

const FILE_NAME_MAX_LENGTH = 255;

/**
 * The last path segment (some clients send 'C:\fakepath\diploma.pdf'), without control characters, and without
 * bidirectional controls or zero-width characters, which would show 'x\u202egnp.exe' as 'xexe.png'.
 */
export function cleanFileName(name: string, fallback = 'document'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = withoutInvisibleFormatting(base)
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, FILE_NAME_MAX_LENGTH);
  // The cut may fall inside a surrogate pair.
  return withoutUnpairedSurrogates(clean) || fallback;
}
