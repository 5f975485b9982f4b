// Signs a verification's seal (docs/seals.md) where the original's SHA-256 is known: in the securing worker, with
// the account's private key handed over for this one document. node:crypto signs with ECDSA P-256 and gives the
// raw r‖s the seal carries (ieee-p1363), not DER.
import { createPrivateKey, sign } from 'node:crypto';

import { encodeSeal, encodeSealPayload, signedMessage, toLowS } from '@common/seals/seal-format';

/** The account's signing key for one document: what the worker needs besides the facts. */
export interface SealSigningKey {
  /** PKCS #8 DER, decrypted for this document only. */
  privateKey: Uint8Array;
  kid: string;
  /** The host the QR code points at, lower case with its port: signed, never carried. */
  host: string;
}

/** What a verification's seal states, besides its code and the original's hash (known in the worker). */
export interface SealRequest extends SealSigningKey {
  holderName: string;
  /** YYYY-MM-DD */
  issueDate: string;
  expiryDate: string | null;
  /** ISO time; the seal keeps it to the minute. */
  sealedAt: string;
}

/** The seal request for a new verification's facts, signed now; null when it is not sealed. */
export function sealRequestFor(
  key: SealSigningKey | null,
  facts: { holder_name: string; issue_date: string; expiry_date: string | null },
): SealRequest | null {
  if (!key) return null;
  return {
    ...key,
    holderName: facts.holder_name,
    issueDate: facts.issue_date,
    expiryDate: facts.expiry_date,
    sealedAt: new Date().toISOString(),
  };
}

/** The URL fragment's digits. */
export function signSeal(request: SealRequest, code: string, originalSha256: string): string {
  const payload = encodeSealPayload({
    kid: request.kid,
    code,
    documentHash: originalSha256,
    issueDate: request.issueDate,
    expiryDate: request.expiryDate,
    sealedAt: request.sealedAt,
    holderName: request.holderName,
  });
  const key = createPrivateKey({
    key: Buffer.from(request.privateKey),
    format: 'der',
    type: 'pkcs8',
  });
  const signature = sign('sha256', signedMessage(payload, request.host), {
    key,
    dsaEncoding: 'ieee-p1363',
  });
  return encodeSeal(payload, toLowS(signature));
}

/** The host a QR code's URL points at, as a browser's location.host shows it. */
export function sealHost(origin: string): string {
  return new URL(origin).host.toLowerCase();
}
