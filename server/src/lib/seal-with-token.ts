// Encrypts a small value under a key derived from a bearer token the server only stores hashed, so the stored
// ciphertext opens for whoever presents that token again and for nobody who only reads the database.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(token: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, '', purpose, 32));
}

/** AES-256-GCM; the answer is base64url of iv, tag and ciphertext. */
export function sealWithToken(token: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(token, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The plaintext, or undefined when the token is not the one it was sealed with (or the text was altered). */
export function openWithToken(token: string, purpose: string, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyFor(token, purpose),
    bytes.subarray(0, IV_BYTES),
  );
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
