// Standard Webhooks signing: a secret is `whsec_` + base64 of 32 random bytes, and a delivery carries
// `v1,` + base64(HMAC-SHA256(secret bytes, `{id}.{timestamp}.{body}`)) for each secret that signs it.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A delivery's `webhook-id`: the same on each attempt, so a receiver can drop repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The `webhook-signature` header: one `v1,` signature per secret, separated by spaces. */
export function signatureHeader(
  secrets: string[],
  messageId: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      const mac = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`);
      return `v1,${mac.digest('base64')}`;
    })
    .join(' ');
}
