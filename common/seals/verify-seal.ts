// Checks a seal against a trust list with WebCrypto (browsers and Node alike): the one verifier behind the public
// page, the scanner and `npm run verify`. Needs no network: the trust list is handed in.
import { decodeSeal, hasLowS, signedMessage, type SealFacts } from './seal-format';

import type { TrustList, TrustedKey } from './trust-list';

export type SealCheck =
  /** The code has no seal in its fragment. */
  | { state: 'missing' }
  /** Something is there but it is not a seal this version reads. */
  | { state: 'malformed' }
  /** No key of the trust list has this id (a forged seal, or a trust list older than the key). */
  | { state: 'unknown-key'; facts: SealFacts }
  /** The signature does not verify: a fact, the host or the signature was changed. */
  | { state: 'invalid'; facts: SealFacts; key: TrustedKey }
  /** Signed with a key that was revoked before this seal was made. */
  | { state: 'key-revoked'; facts: SealFacts; key: TrustedKey }
  /** A genuine seal of another verification, copied onto this one's URL. */
  | { state: 'different-record'; facts: SealFacts; key: TrustedKey }
  | { state: 'verified'; facts: SealFacts; key: TrustedKey };

/** The parts of a scanned or visited URL a seal is checked against. */
export interface SealedUrl {
  host: string;
  /** The public code of the path /v/{code}, if it has one. */
  code: string | null;
  /** The fragment's digits, without '#'. */
  seal: string;
}

/** host, code and seal of a verification URL; null when the text is not an http(s) URL. */
export function parseSealedUrl(text: string): SealedUrl | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const code = /^\/v\/([a-z0-9]+)\/?$/.exec(url.pathname)?.[1] ?? null;
  return { host: url.host.toLowerCase(), code, seal: url.hash.replace(/^#/, '') };
}

async function signatureVerifies(
  key: TrustedKey,
  signature: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
) {
  const subtle = globalThis.crypto.subtle;
  const publicKey = await subtle.importKey(
    'jwk',
    { kty: key.kty, crv: key.crv, x: key.x, y: key.y, ext: true },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, message);
}

/** Whether the seal was made at or after `time` (never when there is none). */
const isMadeSince = (facts: SealFacts, time: string | null | undefined) =>
  time ? Date.parse(facts.sealedAt) >= Date.parse(time) : false;

export async function verifySeal(url: SealedUrl, trustList: TrustList): Promise<SealCheck> {
  if (!url.seal) return { state: 'missing' };
  const decoded = decodeSeal(url.seal);
  if (!decoded) return { state: 'malformed' };
  const { facts, payload, signature } = decoded;
  // Eight bytes of key id can clash across accounts: any key with the id that verifies is the signer.
  const candidates = trustList.keys.filter((key) => key.kid === facts.kid);
  if (candidates.length === 0) return { state: 'unknown-key', facts };
  const message = signedMessage(payload, url.host);
  let key: TrustedKey | undefined;
  for (const candidate of candidates) {
    if (await signatureVerifies(candidate, signature, message)) key = candidate;
  }
  if (!key) return { state: 'invalid', facts, key: candidates[0] };
  if (!hasLowS(signature) && isMadeSince(facts, key.low_s_since)) {
    // The twin of a genuine seal: only the low-S form was issued.
    return { state: 'invalid', facts, key };
  }
  if (isMadeSince(facts, key.revoked_at)) {
    return { state: 'key-revoked', facts, key };
  }
  if (url.code !== facts.code) return { state: 'different-record', facts, key };
  return { state: 'verified', facts, key };
}

/**
 * Whether a QR code's host is one a genuine code can point at: the service's own, or the signing account's verified
 * custom domain. Anything else is a look-alike site, whatever its page says.
 */
export function isTrustedHost(host: string, trustList: TrustList, key?: TrustedKey): boolean {
  const hostname = host.toLowerCase();
  if (trustList.service_hosts.some((serviceHost) => serviceHost.toLowerCase() === hostname)) {
    return true;
  }
  return Boolean(key?.custom_domain && key.custom_domain.toLowerCase() === hostname);
}
