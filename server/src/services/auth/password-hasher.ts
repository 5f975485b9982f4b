// How passwords and one-time codes are kept: only as hashes, made and checked by a PasswordHasher. The app is
// built with one (buildApp's passwordHasher, argon2id unless told otherwise); tests pass a fast one.
import { randomBytes } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash this hasher cannot read; never throws for either. */
  verify(hash: string, password: string): Promise<boolean>;
}

// @node-rs/argon2's defaults are argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
export const argon2idPasswordHasher: PasswordHasher = {
  hash: (password) => hash(password),
  async verify(passwordHash, password) {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never matches
    }
  },
};

const decoyHashes = new WeakMap<PasswordHasher, Promise<string>>();

/**
 * Checks a password against a hash no one knows the password of, for when there is no account: it costs the
 * same time as a real check, so response times do not tell which emails have accounts.
 */
export async function verifyAgainstDecoy(hasher: PasswordHasher, password: string): Promise<false> {
  let decoyHash = decoyHashes.get(hasher);
  if (!decoyHash) {
    decoyHash = hasher.hash(randomBytes(16).toString('hex'));
    decoyHashes.set(hasher, decoyHash);
  }
  await hasher.verify(await decoyHash, password);
  return false;
}
