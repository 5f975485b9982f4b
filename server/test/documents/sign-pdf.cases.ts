// The PAdES signature on a secured PDF, checked by tools this project did not write: poppler's pdfsig with an NSS
// database that trusts the install's CA, and OpenSSL's CMS verification over the signed byte ranges.
import { X509Certificate } from 'node:crypto';

import { declaredOnly, type IssuerIdentity } from '@common/issuer-identity';

import { checkPdfSignature } from '../../src/documents/signing/check-pdf-signature';
import {
  certificatePem,
  createDocumentCa,
  issueSigningCertificate,
  signerName,
  type CertifiedKey,
} from '../../src/documents/signing/document-certificates';
import { signPdf, type PdfSigner } from '../../src/documents/signing/sign-pdf';
import { issuerCertificateFile } from '../helpers/issuer-certificates';
import {
  opensslVerifies,
  pdfsig,
  printedCms,
  trustStore,
  type TrustStore,
} from '../helpers/pdf-signatures';
import { makePdf } from '../helpers/test-documents';

const ACCOUNT = '0b7c6f0e-3a52-4c1e-9d7f-5f1f0e8f2a11';

let ca: CertifiedKey;
let store: TrustStore;

beforeAll(async () => {
  ca = await createDocumentCa('verify.example.org');
  store = await trustStore(certificatePem(ca.certificate));
});

afterAll(async () => {
  await store.remove();
});

async function signerFor(identity: IssuerIdentity): Promise<PdfSigner> {
  const leaf = await issueSigningCertificate(ca, signerName(identity, ACCOUNT));
  return { ...leaf, chain: [ca.certificate] };
}

test('a signed PDF is valid and trusted for pdfsig and OpenSSL, and the stamped file is a prefix of it', async () => {
  const stamped = await makePdf([{}, {}]);
  const signer = await signerFor(declaredOnly('Alpha University'));
  const signed = await signPdf(stamped, signer, { reason: 'Secured by QR Verify' });

  expect(signed.level).toBe('B-B');
  expect(Buffer.from(signed.bytes.subarray(0, stamped.length)).equals(stamped)).toBe(true);
  const report = await pdfsig(signed.bytes, store);
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  expect(report).toContain('Signed Ranges:');
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signer Certificate Common Name: Alpha University (name not verified)');
  expect(await opensslVerifies(signed.bytes, store)).toBe(true);
  // PAdES baseline: the signer's certificate bound by signing-certificate-v2; the claimed time in /M, not the CMS.
  const cms = await printedCms(signed.bytes, store);
  expect(cms).toContain('id-smime-aa-signingCertificateV2');
  expect(cms).not.toContain('signingTime');
  expect(Buffer.from(signed.bytes).toString('latin1')).toMatch(/\/M\s*\(D:\d{14}/);
});

test('a byte changed after signing makes pdfsig report the digest mismatch and OpenSSL refuse it', async () => {
  const signer = await signerFor(declaredOnly('Alpha University'));
  const signed = Buffer.from((await signPdf(await makePdf(), signer, { reason: 'Secured' })).bytes);
  // A byte inside the first signed range, in the page content the reader shows.
  const at = signed.indexOf('/MediaBox');
  signed[at + 1] = 'm'.charCodeAt(0);

  expect(await pdfsig(signed, store)).toContain('Signature Validation: Digest Mismatch.');
  expect(await opensslVerifies(signed, store)).toBe(false);
});

test('a certificate from another CA is not trusted', async () => {
  const stranger = await createDocumentCa('elsewhere.example');
  const leaf = await issueSigningCertificate(
    stranger,
    signerName(declaredOnly('Alpha University'), ACCOUNT),
  );
  const signed = await signPdf(
    await makePdf(),
    { ...leaf, chain: [stranger.certificate] },
    {
      reason: 'Secured',
    },
  );
  const report = await pdfsig(signed.bytes, store);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).not.toContain('Certificate is Trusted.');
  expect(await opensslVerifies(signed.bytes, store)).toBe(false);
});

test("an issuer's own .p12 (RSA, its CA's chain) signs a PDF that pdfsig and OpenSSL trust through that CA", async () => {
  const own = await issuerCertificateFile({ key: 'rsa-2048', legacy: true });
  const signed = await signPdf(
    await makePdf(),
    { pkcs12: own.pkcs12, password: own.password },
    { reason: 'Secured by QR Verify' },
  );
  const issuersStore = await trustStore(certificatePem(own.caCertificate));
  try {
    const report = await pdfsig(signed.bytes, issuersStore);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    expect(report).toContain('Signer Certificate Common Name: Alpha University');
    expect(await opensslVerifies(signed.bytes, issuersStore)).toBe(true);
    // Not through the install's CA: it never certified this key.
    expect(await pdfsig(signed.bytes, store)).not.toContain('Certificate is Trusted.');
  } finally {
    await issuersStore.remove();
  }
});

describe('the certificate names the signer only as far as it is proven', () => {
  async function commonNameOf(identity: IssuerIdentity): Promise<string> {
    const signed = await signPdf(await makePdf(), await signerFor(identity), { reason: 'Secured' });
    const report = await pdfsig(signed.bytes, store);
    return /Signer Certificate Common Name: (.*)/.exec(report)![1];
  }

  test('a verified custom domain is the name; the organisation is not certified beside it', async () => {
    const identity: IssuerIdentity = {
      issuer: 'alpha-university.edu',
      issuer_proof: 'domain',
      declared_name: 'Alpha University',
      declared_name_withheld: null,
    };
    expect(await commonNameOf(identity)).toBe('alpha-university.edu');
    const name = signerName(identity, ACCOUNT);
    expect(name).not.toContainEqual(expect.objectContaining({ O: expect.anything() }));
    expect(name).toContainEqual({ '2.5.4.13': ['Alpha University, as stated by the issuer'] });
  });

  test('a name the operator checked is the name and the organisation', async () => {
    const identity: IssuerIdentity = {
      issuer: 'Alpha University',
      issuer_proof: 'operator',
      declared_name: 'Alpha University',
      declared_name_withheld: null,
    };
    expect(await commonNameOf(identity)).toBe('Alpha University');
    expect(signerName(identity, ACCOUNT)).toContainEqual({ O: ['Alpha University'] });
  });

  test('a withheld name is not written at all', async () => {
    const identity: IssuerIdentity = {
      issuer: null,
      issuer_proof: null,
      declared_name: null,
      declared_name_withheld: 'mixed_scripts',
    };
    expect(await commonNameOf(identity)).toBe('An account whose name is not shown');
  });

  test('a long declared name is cut so that "not verified" always shows', async () => {
    const identity = declaredOnly(
      'The Very Long Official Name of an Institute of Advanced Studies',
    );
    const commonName = await commonNameOf(identity);
    expect(commonName.length).toBeLessThanOrEqual(64);
    expect(commonName).toMatch(/… \(name not verified\)$/);
  });
});

describe('checkPdfSignature, as npm run verify reads a file', () => {
  const trusted = () => [new X509Certificate(Buffer.from(ca.certificate))];

  test('a signed file is valid, trusted and whole; the claimed time and the signer are read', async () => {
    // Whole seconds, as a PDF date holds them; within the certificate's validity.
    const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const signer = await signerFor(declaredOnly('Alpha University'));
    const signed = await signPdf(await makePdf(), signer, { reason: 'Secured', signedAt });
    expect(checkPdfSignature(Buffer.from(signed.bytes), trusted())).toEqual({
      state: 'valid',
      signer: 'Alpha University (name not verified)',
      subFilter: 'ETSI.CAdES.detached',
      claimedAt: signedAt.toISOString(),
      isTrusted: true,
      timestamps: [],
      addedAfter: 'nothing',
    });
  });

  test('a time claimed before the certificate existed is not trusted', async () => {
    const signer = await signerFor(declaredOnly('Alpha University'));
    const signedAt = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const signed = await signPdf(await makePdf(), signer, { reason: 'Secured', signedAt });
    expect(checkPdfSignature(Buffer.from(signed.bytes), trusted())).toMatchObject({
      state: 'valid',
      isTrusted: false,
    });
  });

  test('a changed byte, another CA, bytes appended after and no signature at all', async () => {
    const signer = await signerFor(declaredOnly('Alpha University'));
    const signed = Buffer.from(
      (await signPdf(await makePdf(), signer, { reason: 'Secured' })).bytes,
    );
    const changed = Buffer.from(signed);
    changed[changed.indexOf('/MediaBox') + 1] = 'm'.charCodeAt(0);
    expect(checkPdfSignature(changed, trusted())).toEqual({
      state: 'invalid',
      reason: 'the file was changed after it was signed',
    });
    expect(checkPdfSignature(signed, [])).toMatchObject({ state: 'valid', isTrusted: false });
    const appended = Buffer.concat([signed, Buffer.from('\n% a later revision\n')]);
    expect(checkPdfSignature(appended, trusted())).toMatchObject({
      state: 'valid',
      addedAfter: 'other content',
    });
    expect(checkPdfSignature(await makePdf(), trusted())).toEqual({ state: 'unsigned' });
  });
});
