// Tests hash passwords with salted SHA-256 instead of argon2id: the same interface at a thousandth of the cost.
// Production keeps argon2id; tests that are about hashing itself ask createTestApp for the real one.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { PasswordHasher } from '../../src/services/auth/password-hasher';

function digest(salt: string, password: string): Buffer {
  return createHash('sha256').update(`${salt}:${password}`).digest();
}

export const fastPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(8).toString('hex');
    return `test-sha256$${salt}$${digest(salt, password).toString('hex')}`;
  },
  async verify(hash, password) {
    const [scheme, salt, expected] = hash.split('$');
    if (scheme !== 'test-sha256' || !salt || !expected) return false;
    return timingSafeEqual(digest(salt, password), Buffer.from(expected, 'hex'));
  },
};
