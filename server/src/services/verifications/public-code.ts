// The public code printed under a verification's QR code and used in its URL (/v/{code}): 16 characters from a
// 32-letter alphabet, 80 random bits, so codes cannot be guessed or enumerated.
import { randomBytes } from 'node:crypto';

// Lower-case letters and digits without the look-alikes 0/o and 1/l, so a code read aloud or typed stays right.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 16;
const BITS_PER_CHARACTER = 5;

const PUBLIC_CODE_PATTERN = /^[abcdefghijkmnpqrstuvwxyz23456789]{16}$/;

export function generatePublicCode(): string {
  const bytes = randomBytes((CODE_LENGTH * BITS_PER_CHARACTER) / 8);
  let bits = 0;
  let bitCount = 0;
  let code = '';
  for (const byte of bytes) {
    bits = (bits << 8) | byte;
    bitCount += 8;
    while (bitCount >= BITS_PER_CHARACTER) {
      bitCount -= BITS_PER_CHARACTER;
      code += ALPHABET[(bits >> bitCount) & 0b11111];
    }
    bits &= (1 << bitCount) - 1;
  }
  return code;
}

export function isPublicCode(value: string): boolean {
  return PUBLIC_CODE_PATTERN.test(value);
}

/** What the QR code encodes and the public page's address: exactly PUBLIC_URL/v/{code}. */
export function verificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/v/${code}`;
}
