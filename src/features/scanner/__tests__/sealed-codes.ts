// Issuers' keys and the QR codes they seal, made with node:crypto for the scanner's tests (jsdom has no
// crypto.subtle: lendNodeCrypto lends it Node's for the seal check).
import { generateKeyPairSync, sign, webcrypto } from 'node:crypto';

import { declaredOnly, type IssuerIdentity } from '@common/issuer-identity';
import { encodeSeal, encodeSealPayload, signedMessage } from '@common/seals/seal-format';
import type { TrustedKey } from '@common/seals/trust-list';

export const CODE = 'abcdefghijkmnpqr';
export const SERVICE_HOST = 'qrverify.example';

export function lendNodeCrypto() {
  beforeAll(() => {
    if (!globalThis.crypto?.subtle) {
      Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    }
  });
}

export interface TestIssuer {
  key: TrustedKey;
  /** The URL a code of this issuer, sealed for `host`, carries. */
  sealedUrl: (host?: string) => string;
}

export function makeIssuer(
  kid: string,
  {
    customDomain = null,
    identity = declaredOnly(`Issuer ${kid}`),
  }: { customDomain?: string | null; identity?: IssuerIdentity } = {},
): TestIssuer {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const key: TrustedKey = {
    kty: 'EC',
    crv: 'P-256',
    x: jwk.x!,
    y: jwk.y!,
    kid,
    alg: 'ES256',
    use: 'sig',
    ...identity,
    custom_domain: customDomain,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    retired_at: null,
    revoked_at: null,
  };
  const sealedUrl = (host = SERVICE_HOST) => {
    const payload = encodeSealPayload({
      kid,
      code: CODE,
      documentHash: 'ab'.repeat(32),
      issueDate: '2026-06-30',
      expiryDate: null,
      sealedAt: '2026-11-25T10:42:00.000Z',
      holderName: 'Grace Hopper',
    });
    const signature = sign('sha256', signedMessage(payload, host), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `https://${host}/v/${CODE}#${encodeSeal(payload, signature)}`;
  };
  return { key, sealedUrl };
}
