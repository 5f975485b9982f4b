// The seal check runs on the device; here WebCrypto's ECDSA is Node's (jsdom has no crypto.subtle).

import { checkScannedCode } from '@/features/scanner/check-scanned-code';
import type { TrustList } from '@common/seals/trust-list';

import { CODE, makeIssuer, SERVICE_HOST, lendNodeCrypto } from './sealed-codes';

lendNodeCrypto();

const university = makeIssuer('AAECAwQFBgc', { customDomain: 'verify.university.example' });
const other = makeIssuer('BwYFBAMCAQA', { customDomain: 'verify.other.example' });
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
