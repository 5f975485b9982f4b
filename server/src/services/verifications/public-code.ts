// The public code printed under a verification's QR code and used in its URL (/v/{code}): 16 characters from a
// 32-letter alphabet, 80 random bits, so codes cannot be guessed or enumerated.
import { randomBytes } from 'node:crypto';

import {
  PUBLIC_CODE_ALPHABET as ALPHABET,
  PUBLIC_CODE_LENGTH as CODE_LENGTH,
} from '@common/verifications';

// The alphabet leaves out look-alikes, so a code read aloud or typed stays right.
const BITS_PER_CHARACTER = 5;

const PUBLIC_CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

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
