// PAdES B-T: the signature's timestamp from an RFC 3161 authority (a loopback one built on `openssl ts -reply`),
// checked with OpenSSL's own `ts -verify`; a TSA that is down or lies never stops a document from being signed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { PKIStatus, PKIStatusInfo, TimeStampResp, TimeStampToken } from '@peculiar/asn1-tsp';

import { declaredOnly } from '@common/issuer-identity';

import { checkPdfSignature } from '../../src/documents/signing/check-pdf-signature';
import {
  certificatePem,
  createDocumentCa,
  issueSigningCertificate,
  signerName,
  type CertifiedKey,
} from '../../src/documents/signing/document-certificates';
import { signPdf, type PdfSigner } from '../../src/documents/signing/sign-pdf';
import { pdfsig, signedParts, trustStore, type TrustStore } from '../helpers/pdf-signatures';
import { createTestApp } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';
import { startTestTsa, type TestTsa } from '../helpers/test-tsa';
import { signedInUser, uploadVerification } from '../helpers/verifications';

import type { AddressInfo } from 'node:net';

const run = promisify(execFile);
const SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';

let ca: CertifiedKey;
let signer: PdfSigner;
let store: TrustStore;
let tsa: TestTsa;

beforeAll(async () => {
  ca = await createDocumentCa('verify.example.org');
  const leaf = await issueSigningCertificate(ca, signerName(declaredOnly('Alpha University'), 'a'));
  signer = { ...leaf, chain: [ca.certificate] };
  store = await trustStore(certificatePem(ca.certificate));
  tsa = await startTestTsa();
});

afterAll(async () => {
  await store.remove();
  await tsa.stop();
});

const settings = (url: string) => ({ url, timeoutSeconds: 5 });

/** The signature's timestamp token and the SHA-256 of the signature value it stamps. */
function timestampOf(pdf: Uint8Array): { token: Buffer; imprint: string } {
  const signed = AsnConvert.parse(
    AsnConvert.parse(signedParts(pdf).cms, ContentInfo).content,
    SignedData,
  );
  const signerInfo = signed.signerInfos[0];
  const attribute = signerInfo.unsignedAttrs?.find((item) => item.attrType === SIGNATURE_TIMESTAMP);
  if (!attribute) throw new Error('no signature timestamp');
  const imprint = createHash('sha256')
    .update(Buffer.from(signerInfo.signature.buffer))
    .digest('hex');
  return { token: Buffer.from(attribute.attrValues[0]), imprint };
}

/** A granted answer carrying `token`, as a TSA would send it. */
function timestampResponse(token: Buffer): TimeStampResp {
  return new TimeStampResp({
    status: new PKIStatusInfo({ status: PKIStatus.granted }),
    timeStampToken: AsnConvert.parse(token, TimeStampToken),
  });
}

test('with a TSA the signature is B-T, and OpenSSL accepts its timestamp against the TSA certificate', async () => {
  const before = tsa.answered;
  const signed = await signPdf(await makePdf(), signer, {
    reason: 'Secured',
    timestamp: settings(tsa.url),
  });

  expect(signed).toMatchObject({ level: 'B-T', timestampProblem: null });
  expect(tsa.answered).toBe(before + 1);
  expect(Math.abs(signed.timestampedAt!.getTime() - Date.now())).toBeLessThan(60_000);
  const report = await pdfsig(signed.bytes, store);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  expect(checkPdfSignature(Buffer.from(signed.bytes), [])).toMatchObject({ state: 'valid' });

  const { token, imprint } = timestampOf(signed.bytes);
  const tokenFile = path.join(tsa.folder, 'token.der');
  await writeFile(tokenFile, token);
  const { stdout } = await run('openssl', [
    'ts',
    '-verify',
    '-digest',
    imprint,
    '-in',
    tokenFile,
    '-token_in',
    '-CAfile',
    tsa.caFile,
    '-untrusted',
    tsa.tsaFile,
  ]);
  expect(stdout).toContain('Verification: OK');
});

test('a TSA that is down leaves the document signed B-B, saying why', async () => {
  // A port that was free a moment ago: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));

  const signed = await signPdf(await makePdf(), signer, {
    reason: 'Secured',
    timestamp: settings(`http://127.0.0.1:${port}/tsr`),
  });
  expect(signed).toMatchObject({ level: 'B-B', timestampedAt: null });
  expect(signed.timestampProblem).toMatch(/^the TSA did not answer/);
  expect(await pdfsig(signed.bytes, store)).toContain('Signature Validation: Signature is Valid.');
});

test('a TSA whose answer stamps another digest is not believed', async () => {
  // A replay: the answer the TSA gave to some other request.
  const other = await signPdf(await makePdf(), signer, {
    reason: 'x',
    timestamp: settings(tsa.url),
  });
  const replayed = Buffer.from(
    AsnConvert.serialize(timestampResponse(timestampOf(other.bytes).token)),
  );
  const liar = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(replayed);
  });
  await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = liar.address() as AddressInfo;
    const signed = await signPdf(await makePdf(), signer, {
      reason: 'Secured',
      timestamp: settings(`http://127.0.0.1:${port}/tsr`),
    });
    expect(signed).toMatchObject({
      level: 'B-B',
      timestampProblem: 'the token stamps another digest',
    });
  } finally {
    await new Promise((resolve) => liar.close(resolve));
  }
});

test('with TSA_URL set, a verification made through the API records its B-T signature', async () => {
  const app = await createTestApp({ env: { TSA_URL: tsa.url } });
  const user = await signedInUser(app);
  const response = await uploadVerification(app, user, {});
  expect(response.statusCode).toBe(201);
  expect(response.json().signature).toMatchObject({
    level: 'B-T',
    timestamped_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  await app.close();
});
