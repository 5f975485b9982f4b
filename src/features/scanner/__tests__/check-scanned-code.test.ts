// The seal check runs on the device; here WebCrypto's ECDSA is Node's (jsdom has no crypto.subtle).
import { generateKeyPairSync, sign, webcrypto } from 'node:crypto';

import { checkScannedCode } from '@/features/scanner/check-scanned-code';
import { encodeSeal, encodeSealPayload, signedMessage } from '@common/seals/seal-format';
import type { TrustList, TrustedKey } from '@common/seals/trust-list';

const CODE = 'abcdefghijkmnpqr';
const SERVICE_HOST = 'qrverify.example';

function issuerKey(kid: string, customDomain: string | null) {
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
    issuer: `Issuer ${kid}`,
    custom_domain: customDomain,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    retired_at: null,
    revoked_at: null,
  };
  /** The URL a code of this issuer, sealed for `host`, carries. */
  const sealedUrl = (host: string) => {
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

beforeAll(() => {
  if (!globalThis.crypto?.subtle) {
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  }
});

const university = issuerKey('AAECAwQFBgc', 'verify.university.example');
const other = issuerKey('BwYFBAMCAQA', 'verify.other.example');
const trustList: TrustList = { keys: [university.key, other.key], service_hosts: [SERVICE_HOST] };

describe('checking a scanned code', () => {
  it('trusts a sealed code on our host and on its own issuer’s verified domain', async () => {
    for (const host of [SERVICE_HOST, 'verify.university.example']) {
      const check = await checkScannedCode(university.sealedUrl(host), trustList);
      expect([host, check?.seal.state, check?.isTrustedHost]).toEqual([host, 'verified', true]);
    }
  });

  it('flags another issuer’s verified domain: a custom domain vouches for its own account only', async () => {
    const check = await checkScannedCode(university.sealedUrl('verify.other.example'), trustList);
    expect(check?.seal.state).toBe('verified');
    expect(check?.isTrustedHost).toBe(false);
  });

  it('flags a look-alike host, whether it carries a copied seal or none', async () => {
    const copied = university
      .sealedUrl(SERVICE_HOST)
      .replace(SERVICE_HOST, 'qrverify-check.example');
    const copiedCheck = await checkScannedCode(copied, trustList);
    expect(copiedCheck?.seal.state).toBe('invalid');
    expect(copiedCheck?.isTrustedHost).toBe(false);
    // A seal that does not verify proves no account, so its key's custom domain does not count either.
    const onIssuerDomain = university
      .sealedUrl(SERVICE_HOST)
      .replace(SERVICE_HOST, 'verify.university.example');
    expect((await checkScannedCode(onIssuerDomain, trustList))?.isTrustedHost).toBe(false);

    const unsealed = await checkScannedCode(`https://qrverify-check.example/v/${CODE}`, trustList);
    expect(unsealed?.seal.state).toBe('missing');
    expect(unsealed?.isTrustedHost).toBe(false);
  });

  it('says a text that is not a web address is no code of ours', async () => {
    await expect(checkScannedCode('WIFI:S:cafe;T:WPA;P:secret;;', trustList)).resolves.toBeNull();
  });
});
