/** SHA-256 as lower-case hex: of text (UTF-8) or of bytes. */
import { createHash } from 'node:crypto';

export function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}
