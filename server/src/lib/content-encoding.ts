// Content codings for answers kept in memory (the SPA's files, the public pages): compressed once, off the event
// loop (zlib's async forms run on libuv's threads), and the best form a client accepts chosen per request.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

import { memoizeByText } from '@common/memoize-by-text';

/** In the server's order of preference; identity is always there. */
export const CONTENT_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];
export type CompressedForms = Partial<Record<Exclude<ContentEncoding, 'identity'>, Buffer>>;

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/**
 * Brotli and gzip forms of `body`. `effort` 'most' is for files compressed once per start (the SPA's index);
 * 'quick' for answers compressed as they are first asked for (a public page: quality 11 costs ~60 ms of CPU on
 * 20 KB, quality 9 a few, for a few percent more bytes).
 */
export async function compressedForms(
  body: Buffer,
  effort: 'most' | 'quick',
): Promise<Required<CompressedForms>> {
  const [br, gzipped] = await Promise.all([
    compressWithBrotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: effort === 'most' ? 11 : 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    compressWithGzip(body, { level: effort === 'most' ? 9 : 6 }),
  ]);
  return { br, gzip: gzipped };
}

/** Quality values by coding name from an Accept-Encoding header (no header: only identity is wanted). */
const acceptedEncodings = memoizeByText((header: string): Map<string, number> => {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (name) accepted.set(name, quality ? Number(quality.slice(2)) || 0 : 1);
  }
  return accepted;
});

/** br, then gzip, among those the client accepts (q=0 refuses one) and `available` has; else identity. */
export function preferredEncoding(
  header: string | undefined,
  isAvailable: (encoding: ContentEncoding) => boolean,
): ContentEncoding {
  const accepted = acceptedEncodings(header ?? '');
  const qualityOf = (encoding: string) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  return (
    CONTENT_ENCODINGS.find((encoding) => isAvailable(encoding) && qualityOf(encoding) > 0) ??
    'identity'
  );
}

/** An answer to send: its bytes in the coding chosen for the client. */
export interface EncodedAnswer {
  body: Buffer;
  encoding: ContentEncoding;
}

/** `body` or the best of its compressed forms that `acceptEncoding` allows. */
export function encodedAnswer(
  body: Buffer,
  compressed: CompressedForms,
  acceptEncoding: string | undefined,
): EncodedAnswer {
  const encoding = preferredEncoding(
    acceptEncoding,
    (candidate) => candidate === 'identity' || Boolean(compressed[candidate]),
  );
  return { body: encoding === 'identity' ? body : compressed[encoding]!, encoding };
}
