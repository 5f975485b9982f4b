/** SHA-256 as lower-case hex: of text (UTF-8) or of bytes, or of a stream read to its end. */
import { createHash } from 'node:crypto';

import type { Readable } from 'node:stream';

export function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The stream's SHA-256 and length in bytes, read a chunk at a time: a large file is never held whole. */
export async function sha256OfStream(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}
