// Making an account's seal key and keeping its private half safe at rest: ES256 (P-256) keys from node:crypto, the
// kid from the public key's RFC 7638 thumbprint, and the PKCS #8 private key sealed with AES-256-GCM under the
// master key. The kid is the GCM's additional data, so a ciphertext copied onto another key's row does not open.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  generateKeyPairSync,
  randomBytes,
  type JsonWebKey,
} from 'node:crypto';

import { keyIdFromThumbprint } from '@common/seals/seal-format';

import type { SealPublicJwk } from '../../db/schema';

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;

export interface EncryptedPrivateKey {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export interface NewSealKey {
  kid: string;
  publicJwk: SealPublicJwk;
  encrypted: EncryptedPrivateKey;
}

/** RFC 7638: the SHA-256 of the required members in lexicographic order, no spaces. */
export function jwkThumbprint(jwk: SealPublicJwk): Buffer {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest();
}

export function encryptPrivateKey(
  masterKey: Buffer,
  kid: string,
  pkcs8: Buffer,
): EncryptedPrivateKey {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, masterKey, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** The PKCS #8 DER private key; throws when the master key is not the one it was sealed with. */
export function decryptPrivateKey(
  masterKey: Buffer,
  kid: string,
  encrypted: EncryptedPrivateKey,
): Buffer {
  const decipher = createDecipheriv(CIPHER, masterKey, encrypted.iv);
  decipher.setAAD(Buffer.from(kid, 'utf8'));
  decipher.setAuthTag(encrypted.tag);
  return Buffer.concat([decipher.update(encrypted.ciphertext), decipher.final()]);
}

export function generateSealKey(masterKey: Buffer): NewSealKey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as JsonWebKey;
  const publicJwk: SealPublicJwk = { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! };
  const kid = keyIdFromThumbprint(jwkThumbprint(publicJwk));
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  return { kid, publicJwk, encrypted: encryptPrivateKey(masterKey, kid, pkcs8) };
}
