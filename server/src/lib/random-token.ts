// The server's own opaque tokens (access and refresh tokens, secrets it generates). They carry 256 random bits,
// so a fast hash (sha256.ts) is enough to store them; passwords and one-time codes go through the PasswordHasher.
import { randomBytes } from 'node:crypto';

/** An opaque bearer token: 256 random bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
