// The seal a verification's QR code carries in its URL fragment ({public_url}/v/{code}#{digits}): the facts a
// verifier shows and checks, signed with the issuing account's ES256 key. Binary and fixed-width so the code stays
// small enough to print (docs/seals.md has the layout, the size rule and the threat model).
//
// Layout, version 1 (big-endian):
//   0      version (1)
//   1–8    key id: 8 bytes, the `kid` of the trust list as base64url
//   9–18   the public code: 16 characters × 5 bits
//   19–34  the original document's SHA-256, its first 16 bytes
//   35–36  issue date, days since 1970-01-01
//   37–38  expiry date, days since 1970-01-01; 0 = none
//   39–42  sealed at, minutes since 1970-01-01 UTC (a key revoked at a time fails seals made from then on)
//   43     n, the holder name's length in bytes (≤ SEAL_HOLDER_NAME_MAX_BYTES)
//   44…    the holder name, normalised, UTF-8
//   then   the signature: ECDSA P-256 with SHA-256, raw r‖s (64 bytes), s in the lower half (low-S)
// The signature covers signedMessage(): a domain prefix and the host the QR code points at (signed, never carried:
// the verifier reads it from the URL, so a seal copied onto a look-alike site's URL fails), then the bytes above.
import { PUBLIC_CODE_ALPHABET, PUBLIC_CODE_LENGTH } from '../verifications';

import { bytesToDigits, digitsToBytes } from './seal-digits';

export const SEAL_VERSION = 1;
/** The holder name is cut to this many UTF-8 bytes, on a character boundary. */
export const SEAL_HOLDER_NAME_MAX_BYTES = 32;
export const SEAL_KEY_ID_BYTES = 8;
export const SEAL_DOCUMENT_HASH_BYTES = 16;
export const SEAL_SIGNATURE_BYTES = 64;
const CODE_BYTES = (PUBLIC_CODE_LENGTH * 5) / 8;
const HEADER_BYTES = 44;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What a seal states. Dates are ISO days (YYYY-MM-DD); sealedAt an ISO time, to the minute. */
export interface SealFacts {
  version: number;
  kid: string;
  code: string;
  /** Hex of the original document's SHA-256, its first 16 bytes (32 hex digits). */
  documentHash: string;
  issueDate: string;
  expiryDate: string | null;
  sealedAt: string;
  holderName: string;
}

export interface DecodedSeal {
  facts: SealFacts;
  /** The bytes before the signature, which signedMessage() wraps. */
  payload: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

const textEncoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** The holder name as sealed: Unicode NFC, spaces collapsed, cut to SEAL_HOLDER_NAME_MAX_BYTES bytes. */
export function normaliseHolderName(name: string): string {
  let normalised = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  while (textEncoder.encode(normalised).length > SEAL_HOLDER_NAME_MAX_BYTES) {
    normalised = Array.from(normalised).slice(0, -1).join('');
  }
  return normalised.trimEnd();
}

/** The first 16 bytes of a SHA-256 given as 64 hex digits, as the seal carries them. */
export function sealDocumentHash(sha256Hex: string): string {
  return sha256Hex.slice(0, SEAL_DOCUMENT_HASH_BYTES * 2).toLowerCase();
}

/** The key id of a public key: base64url of the first 8 bytes of its RFC 7638 JWK thumbprint's SHA-256. */
export function keyIdFromThumbprint(thumbprintSha256: Uint8Array): string {
  return toBase64Url(thumbprintSha256.subarray(0, SEAL_KEY_ID_BYTES));
}

function encodeCode(code: string): Uint8Array {
  const bytes = new Uint8Array(CODE_BYTES);
  let bits = 0n;
  for (const character of code) {
    const index = PUBLIC_CODE_ALPHABET.indexOf(character);
    if (index < 0 || code.length !== PUBLIC_CODE_LENGTH) throw new Error('Not a public code.');
    bits = (bits << 5n) | BigInt(index);
  }
  for (let index = CODE_BYTES - 1; index >= 0; index -= 1) {
    bytes[index] = Number(bits & 0xffn);
    bits >>= 8n;
  }
  return bytes;
}

function decodeCode(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < PUBLIC_CODE_LENGTH; index += 1) {
    code = PUBLIC_CODE_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code;
}

function toDays(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

function fromDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The payload to sign for these facts (version and name normalised here). */
export function encodeSealPayload(facts: Omit<SealFacts, 'version'>): Uint8Array<ArrayBuffer> {
  const name = textEncoder.encode(normaliseHolderName(facts.holderName));
  const payload = new Uint8Array(HEADER_BYTES + name.length);
  const view = new DataView(payload.buffer);
  const kid = fromBase64Url(facts.kid);
  const hash = fromHex(sealDocumentHash(facts.documentHash));
  if (kid.length !== SEAL_KEY_ID_BYTES) throw new Error('A seal key id is 8 bytes.');
  if (hash.length !== SEAL_DOCUMENT_HASH_BYTES) throw new Error('A seal needs a SHA-256.');
  view.setUint8(0, SEAL_VERSION);
  payload.set(kid, 1);
  payload.set(encodeCode(facts.code), 9);
  payload.set(hash, 19);
  view.setUint16(35, toDays(facts.issueDate));
  view.setUint16(37, facts.expiryDate ? toDays(facts.expiryDate) : 0);
  view.setUint32(39, Math.floor(Date.parse(facts.sealedAt) / MINUTE_MS));
  view.setUint8(43, name.length);
  payload.set(name, HEADER_BYTES);
  return payload;
}

/** What the signature covers: the domain prefix, the host (lower case, with its port if any), the payload. */
export function signedMessage(payload: Uint8Array, host: string): Uint8Array<ArrayBuffer> {
  const prefix = textEncoder.encode(`qrverify-seal:${host.toLowerCase()}\n`);
  const message = new Uint8Array(prefix.length + payload.length);
  message.set(prefix);
  message.set(payload, prefix.length);
  return message;
}

// P-256's group order n. An ECDSA signature (r, s) verifies as (r, n − s) too, so every seal has a twin that says
// the same; seals are made with s ≤ n/2 and a verifier refuses the other half, so each document has one seal.
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_ORDER = P256_ORDER >> 1n;
const SCALAR_BYTES = SEAL_SIGNATURE_BYTES / 2;

function scalarOf(bytes: Uint8Array): bigint {
  return BigInt(`0x${toHex(bytes) || '0'}`);
}

function scalarBytes(value: bigint): Uint8Array {
  return Uint8Array.from(
    value
      .toString(16)
      .padStart(SCALAR_BYTES * 2, '0')
      .match(/../g)!
      .map((pair) => Number.parseInt(pair, 16)),
  );
}

/** Whether a raw r‖s signature has s in the lower half of the group: the one form a seal is made in. */
export function hasLowS(signature: Uint8Array): boolean {
  return scalarOf(signature.subarray(SCALAR_BYTES)) <= HALF_ORDER;
}

/** The low-S form of a raw r‖s signature (the same signature when it has it already). */
export function toLowS(signature: Uint8Array): Uint8Array {
  if (hasLowS(signature)) return signature;
  const lowS = new Uint8Array(signature);
  lowS.set(scalarBytes(P256_ORDER - scalarOf(signature.subarray(SCALAR_BYTES))), SCALAR_BYTES);
  return lowS;
}

/** The URL fragment's digits for a signed payload. */
export function encodeSeal(payload: Uint8Array, signature: Uint8Array): string {
  if (signature.length !== SEAL_SIGNATURE_BYTES) throw new Error('A seal signature is raw r‖s.');
  const sealed = new Uint8Array(payload.length + signature.length);
  sealed.set(payload);
  sealed.set(signature, payload.length);
  return bytesToDigits(sealed);
}

/** A fragment's seal, or null when it is not one this version can read. */
export function decodeSeal(digits: string): DecodedSeal | null {
  const bytes = digitsToBytes(digits.replace(/^#/, ''));
  if (!bytes || bytes.length < HEADER_BYTES + SEAL_SIGNATURE_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint8(43);
  if (view.getUint8(0) !== SEAL_VERSION || nameLength > SEAL_HOLDER_NAME_MAX_BYTES) return null;
  if (bytes.length !== HEADER_BYTES + nameLength + SEAL_SIGNATURE_BYTES) return null;
  const payload = bytes.slice(0, HEADER_BYTES + nameLength);
  let holderName: string;
  try {
    holderName = new TextDecoder('utf-8', { fatal: true }).decode(payload.subarray(HEADER_BYTES));
  } catch {
    return null;
  }
  const expiryDays = view.getUint16(37);
  return {
    facts: {
      version: SEAL_VERSION,
      kid: toBase64Url(payload.subarray(1, 9)),
      code: decodeCode(payload.subarray(9, 19)),
      documentHash: toHex(payload.subarray(19, 35)),
      issueDate: fromDays(view.getUint16(35)),
      expiryDate: expiryDays ? fromDays(expiryDays) : null,
      sealedAt: new Date(view.getUint32(39) * MINUTE_MS).toISOString(),
      holderName,
    },
    payload,
    signature: bytes.slice(HEADER_BYTES + nameLength),
  };
}
