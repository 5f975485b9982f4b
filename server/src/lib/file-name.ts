// A file name as a client sent it, made safe to keep and show.

const FILE_NAME_MAX_LENGTH = 255;

/** The last path segment (some clients send 'C:\fakepath\diploma.pdf'), without control characters. */
export function cleanFileName(name: string, fallback = 'document'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, FILE_NAME_MAX_LENGTH);
  return clean || fallback;
}
