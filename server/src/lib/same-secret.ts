/** Compares a secret in constant time: digests first, so neither its bytes nor its length leak through timing. */
import { createHash, timingSafeEqual } from 'node:crypto';

export function isSameSecret(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
