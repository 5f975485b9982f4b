// A seal's bytes as the decimal digits a QR code's numeric mode packs at 3⅓ bits each: every 7 bytes become 17
// digits (2^56 < 10^17), a last shorter chunk of k bytes the fewest digits that hold 2^(8k) values. Numeric mode
// makes this 8.03 bits a byte in the code, against 10.7 for base64url in byte mode. BigInt keeps 56-bit chunks exact.

const CHUNK_BYTES = 7;
/** Digits for a chunk of 0…7 bytes: the smallest d with 10^d ≥ 2^(8k). */
const DIGITS_FOR_BYTES = [0, 3, 5, 8, 10, 13, 15, 17] as const;
const CHUNK_DIGITS = DIGITS_FOR_BYTES[CHUNK_BYTES];

export function bytesToDigits(bytes: Uint8Array): string {
  let digits = '';
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    const chunk = bytes.subarray(start, start + CHUNK_BYTES);
    let value = 0n;
    for (const byte of chunk) value = (value << 8n) | BigInt(byte);
    digits += value.toString().padStart(DIGITS_FOR_BYTES[chunk.length], '0');
  }
  return digits;
}

/** The bytes back, or null when the text is not digits this encoding could have written. */
export function digitsToBytes(digits: string): Uint8Array | null {
  if (!/^\d*$/.test(digits)) return null;
  const fullChunks = Math.floor(digits.length / CHUNK_DIGITS);
  const restBytes = DIGITS_FOR_BYTES.indexOf(
    (digits.length % CHUNK_DIGITS) as (typeof DIGITS_FOR_BYTES)[number],
  );
  if (restBytes < 0) return null;
  const bytes = new Uint8Array(fullChunks * CHUNK_BYTES + restBytes);
  let offset = 0;
  for (let start = 0; start < digits.length;) {
    const byteCount = Math.min(CHUNK_BYTES, bytes.length - offset);
    const end = start + DIGITS_FOR_BYTES[byteCount];
    let value = BigInt(digits.slice(start, end));
    if (value >= 1n << BigInt(8 * byteCount)) return null;
    for (let index = byteCount - 1; index >= 0; index -= 1) {
      bytes[offset + index] = Number(value & 0xffn);
      value >>= 8n;
    }
    offset += byteCount;
    start = end;
  }
  return bytes;
}
