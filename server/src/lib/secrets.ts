// How the server keeps secrets it must check later: argon2id for passwords and one-time codes,
// SHA-256 for its own random tokens (already 256 bits of entropy, so a fast hash is enough).
import { createHash, randomBytes } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's defaults are argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

// Checking a password against this when there is no account costs the same time as a real check,
// so response times do not tell which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyAgainstDecoy(secret: string): Promise<false> {
  decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
  await verifySecret(await decoyHash, secret);
  return false;
}

/** An opaque bearer token: 256 random bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
