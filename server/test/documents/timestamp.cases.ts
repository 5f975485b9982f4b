// PAdES B-T: the signature's timestamp from an RFC 3161 authority (a loopback one built on `openssl ts -reply`),
// checked with OpenSSL's own `ts -verify`; a TSA that is down or lies never stops a document from being signed.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createHash, webcrypto, X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { PKIStatus, PKIStatusInfo, TimeStampResp, TimeStampToken } from '@peculiar/asn1-tsp';
import * as x509 from '@peculiar/x509';

import { declaredOnly } from '@common/issuer-identity';

import { checkPdfSignature } from '../../src/documents/signing/check-pdf-signature';
import {
  certificatePem,
  createDocumentCa,
  createRevocationList,
  issueSigningCertificate,
  signerName,
  type CertifiedKey,
} from '../../src/documents/signing/document-certificates';
import { signPdf, type PdfSigner } from '../../src/documents/signing/sign-pdf';
import {
  opensslVerifies,
  pdfsig,
  signedParts,
  trustStore,
  type TrustStore,
} from '../helpers/pdf-signatures';
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
  expect(await opensslTimestampCheck(token, { digest: imprint })).toContain('Verification: OK');
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

/**
 * `openssl ts -verify` of a token against the test TSA's CA, over the digest it should stamp or the bytes it
 * covers: its output.
 */
async function opensslTimestampCheck(
  token: Buffer,
  stamped: { digest: string } | { data: Buffer },
): Promise<string> {
  const written = async (name: string, bytes: Buffer) => {
    const file = path.join(tsa.folder, name);
    await writeFile(file, bytes);
    return file;
  };
  const tokenFile = await written('token.der', token);
  const over =
    'digest' in stamped
      ? ['-digest', stamped.digest]
      : ['-data', await written('stamped.bin', stamped.data)];
  const { stdout } = await run('openssl', [
    'ts',
    '-verify',
    ...over,
    '-in',
    tokenFile,
    '-token_in',
    '-CAfile',
    tsa.caFile,
    '-untrusted',
    tsa.tsaFile,
  ]);
  return stdout;
}

describe('PAdES B-LTA: with the CA revocation list the server has', () => {
  let longTermSigner: PdfSigner;

  beforeAll(async () => {
    longTermSigner = { ...(signer as CertifiedKey), chain: [ca.certificate] };
    longTermSigner.revocationList = await createRevocationList(ca);
  });

  test('the file carries the validation data and a document timestamp OpenSSL accepts', async () => {
    const stamped = await makePdf();
    const signed = await signPdf(stamped, longTermSigner, {
      reason: 'Secured',
      timestamp: settings(tsa.url),
    });
    expect(signed).toMatchObject({ level: 'B-LTA', timestampProblem: null });
    // Incremental updates only: the stamped file, then the signed revision, are prefixes of the final file.
    expect(Buffer.from(signed.bytes.subarray(0, stamped.length)).equals(stamped)).toBe(true);

    const report = await pdfsig(signed.bytes, store);
    expect(report).toContain('Signature #1:');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    expect(report).toContain('Signature #2:');
    expect(report).toContain('Signer Certificate Common Name: Test TSA');
    expect(await opensslVerifies(signed.bytes, store, 0)).toBe(true);

    const documentTimestamp = signedParts(signed.bytes, 1);
    expect(
      await opensslTimestampCheck(documentTimestamp.cms, { data: documentTimestamp.content }),
    ).toContain('Verification: OK');
    // The Document Security Store holds the CA's revocation list, as DER OpenSSL reads.
    const text = Buffer.from(signed.bytes).toString('latin1');
    expect(text).toMatch(/\/Type\s*\/DSS/);
    expect(text).toMatch(/\/CRLs\s*\[/);

    expect(
      checkPdfSignature(Buffer.from(signed.bytes), [new X509Certificate(ca.certificate)]),
    ).toMatchObject({
      state: 'valid',
      isTrusted: true,
      addedAfter: 'validation data and timestamps',
      timestamps: [
        { kind: 'signature', authority: 'Test TSA' },
        { kind: 'document', authority: 'Test TSA' },
      ],
    });
  });

  test('a revision after the signature that rewrites a page is a change, and a forged document timestamp fails', async () => {
    const signed = Buffer.from(
      (
        await signPdf(await makePdf(), longTermSigner, {
          reason: 'x',
          timestamp: settings(tsa.url),
        })
      ).bytes,
    );
    // The page tree rewritten to show another page.
    const pages = /\/Pages\s+(\d+)\s+0\s+R/.exec(signed.toString('latin1'))![1];
    const rewritten = Buffer.concat([
      signed,
      Buffer.from(`\n${pages} 0 obj\n<< /Type /Pages /Kids [99 0 R] /Count 1 >>\nendobj\n`),
    ]);
    expect(checkPdfSignature(rewritten, [])).toMatchObject({
      state: 'valid',
      addedAfter: 'other content',
    });

    // No object written at all, only a cross-reference section: one freeing the page tree, one pointing it back
    // at its definition in the signed bytes (as at an older version of a page). Readers follow either.
    const text = signed.toString('latin1');
    const definedAt = text.indexOf(`\n${pages} 0 obj`) + 1;
    const root = /\/Root\s+(\d+)\s+0\s+R/.exec(text)![1];
    const xrefOnly = (entry: string) => {
      const table = `\nxref\n${pages} 1\n${entry}\ntrailer\n<< /Size 99 /Root ${root} 0 R >>\n`;
      const start = signed.length + 1;
      return Buffer.concat([signed, Buffer.from(`${table}startxref\n${start}\n%%EOF\n`)]);
    };
    expect(checkPdfSignature(xrefOnly('0000000000 65535 f '), [])).toMatchObject({
      addedAfter: 'other content',
    });
    const pointedBack = xrefOnly(`${String(definedAt).padStart(10, '0')} 00000 n `);
    expect(checkPdfSignature(pointedBack, [])).toMatchObject({ addedAfter: 'other content' });

    // Well-formed revisions, as another tool would write them: only new objects pass.
    const benign = appendRevision(signed, [`<< /Note (a new object nothing refers to) >>`]);
    expect(checkPdfSignature(benign, [])).toMatchObject({
      addedAfter: 'validation data and timestamps',
    });
    // An object stream, its name spelt with an escape (/Obj#53tm is /ObjStm), could carry a rewritten page.
    const objectStream =
      '<< /Type /Obj#53tm /N 1 /First 4 /Length 12 >>\nstream\n4 0 << >>  \nendstream';
    expect(checkPdfSignature(appendRevision(signed, [objectStream]), [])).toMatchObject({
      addedAfter: 'other content',
    });
    // Another /Info (the title and author readers show), or a /Prev skipping the signed revision.
    expect(
      checkPdfSignature(appendRevision(signed, ['<< /Title (Other) >>'], { info: 'own' }), []),
    ).toMatchObject({ addedAfter: 'other content' });
    expect(
      checkPdfSignature(appendRevision(signed, ['<< /Note (x) >>'], { prev: 0 }), []),
    ).toMatchObject({ addedAfter: 'other content' });

    // A byte of the DSS changed: the document timestamp no longer stamps what it covers.
    const forged = Buffer.from(signed);
    const dss = forged.indexOf('/Type /DSS');
    forged[dss + 7] = 'X'.charCodeAt(0);
    expect(checkPdfSignature(forged, [])).toEqual({
      state: 'invalid',
      reason: 'its document timestamp fails: the token stamps another digest',
    });
  });
});

test('with TSA_URL set, a verification made through the API records its B-LTA signature', async () => {
  const app = await createTestApp({ env: { TSA_URL: tsa.url } });
  const user = await signedInUser(app);
  const response = await uploadVerification(app, user, {});
  expect(response.statusCode).toBe(201);
  expect(response.json().signature).toMatchObject({
    level: 'B-LTA',
    timestamped_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  await app.close();
});

test('a document signed while the TSA is down is upgraded once it is back; the first file stays a true copy', async () => {
  const app = await createTestApp({ env: { TSA_URL: tsa.url } });
  tsa.isDown = true;
  try {
    const user = await signedInUser(app);
    const made = await uploadVerification(app, user, {});
    expect(made.statusCode).toBe(201);
    const { id, code, secured, signature } = made.json();
    expect(signature).toMatchObject({ level: 'B-B', timestamped_at: null });
    const first = (
      await app.inject({ url: `/api/verifications/${id}/document/`, headers: user.headers })
    ).rawPayload;

    // Still down: nothing changes, and the run says why.
    const stillDown = await app.services.signatureUpgrades.runNow();
    expect(stillDown.upgraded).toBe(0);
    expect(stillDown.problem).toMatch(/HTTP 503/);

    tsa.isDown = false;
    expect(await app.services.signatureUpgrades.runNow()).toEqual({
      upgraded: 1,
      problem: null,
      gaveUp: [],
    });
    const upgraded = (
      await app.inject({ url: `/api/verifications/${id}`, headers: user.headers })
    ).json();
    expect(upgraded.signature).toMatchObject({
      level: 'B-LT',
      signed_at: signature.signed_at,
      timestamped_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(upgraded.secured.sha256).not.toBe(secured.sha256);
    const file = (
      await app.inject({ url: `/api/verifications/${id}/document/`, headers: user.headers })
    ).rawPayload;
    expect(createHash('sha256').update(file).digest('hex')).toBe(upgraded.secured.sha256);
    expect(file.subarray(0, first.length).equals(first)).toBe(true);

    // The public page's copy check accepts both files.
    const page = (await app.inject({ url: `/api/public/verifications/${code}` })).json();
    expect(page).toMatchObject({
      secured_sha256: upgraded.secured.sha256,
      earlier_secured_sha256: secured.sha256,
    });
    const html = (await app.inject({ url: `/v/${code}` })).body;
    expect(html).toContain(`data-earlier-secured-sha256="${secured.sha256}"`);

    const caPem = (await app.inject({ url: '/.well-known/qrverify-ca.pem' })).body;
    const appStore = await trustStore(caPem);
    try {
      const report = await pdfsig(file, appStore);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
      expect(report).toContain('Signer Certificate Common Name: Test TSA');
    } finally {
      await appStore.remove();
    }
    expect(checkPdfSignature(file, [new X509Certificate(caPem)])).toMatchObject({
      state: 'valid',
      isTrusted: true,
      addedAfter: 'validation data and timestamps',
      timestamps: [{ kind: 'document' }],
    });
    // Done once: a second run finds nothing to do.
    expect(await app.services.signatureUpgrades.runNow()).toEqual({
      upgraded: 0,
      problem: null,
      gaveUp: [],
    });
  } finally {
    tsa.isDown = false;
    await app.close();
  }
});

test('a record that cannot be upgraded (its file is gone) is given up, and the ones after it are upgraded', async () => {
  const app = await createTestApp({ env: { TSA_URL: tsa.url } });
  tsa.isDown = true;
  try {
    const user = await signedInUser(app);
    const lost = (await uploadVerification(app, user, {})).json();
    const kept = (await uploadVerification(app, user, {})).json();
    await app.storage.delete(`verifications/${lost.id}/secured.pdf`);
    tsa.isDown = false;

    const run = await app.services.signatureUpgrades.runNow();
    expect(run).toMatchObject({ upgraded: 1, problem: null, gaveUp: [{ code: lost.code }] });
    const read = async (id: string) =>
      (await app.inject({ url: `/api/verifications/${id}`, headers: user.headers })).json();
    expect((await read(lost.id)).signature).toMatchObject({
      level: 'B-B',
      timestamp_pending: false,
    });
    expect((await read(kept.id)).signature).toMatchObject({
      level: 'B-LT',
      timestamp_pending: false,
    });
    // Given up once, not tried again every run.
    expect(await app.services.signatureUpgrades.runNow()).toEqual({
      upgraded: 0,
      problem: null,
      gaveUp: [],
    });
  } finally {
    tsa.isDown = false;
    await app.close();
  }
});

/**
 * `pdf` with one more incremental update holding `objects` (numbered from 900), a classic cross-reference table
 * for them and a trailer chained to the file's last one; `info: 'own'` points /Info at the first new object,
 * `prev` names another section as the one before.
 */
function appendRevision(
  pdf: Buffer,
  objects: string[],
  { info, prev }: { info?: 'own'; prev?: number } = {},
): Buffer {
  const text = pdf.toString('latin1');
  const lastStartxref = Number([...text.matchAll(/startxref\s+(\d+)/g)].at(-1)![1]);
  const root = [...text.matchAll(/\/Root\s+(\d+\s+\d+)\s+R/g)].at(-1)![1];
  const ownInfo = [...text.matchAll(/\/Info\s+(\d+\s+\d+)\s+R/g)].at(-1)![1];
  let body = '\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length + Buffer.byteLength(body, 'latin1'));
    body += `${900 + index} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = pdf.length + Buffer.byteLength(body, 'latin1');
  const entries = offsets
    .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('');
  const trailer =
    `<< /Size ${900 + objects.length} /Root ${root} R /Info ${info === 'own' ? '900 0' : ownInfo} R ` +
    `/Prev ${prev ?? lastStartxref} >>`;
  body += `xref\n900 ${objects.length}\n${entries}trailer\n${trailer}\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body, 'latin1')]);
}

/** A signing certificate from the test CA whose Authority Information Access names `caIssuers`. */
async function certificateNaming(caIssuers: string): Promise<CertifiedKey> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const caKey = await webcrypto.subtle.importKey('pkcs8', ca.pkcs8, algorithm, false, ['sign']);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: '0a',
    subject: 'CN=Someone Else',
    issuer: new x509.X509Certificate(new Uint8Array(ca.certificate)).subject,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 86_400_000),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.4']),
      new x509.AuthorityInfoAccessExtension({ caIssuers }),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { certificate: new Uint8Array(certificate.rawData), pkcs8: new Uint8Array(pkcs8) };
}

test('an upgrade never follows the URLs in certificates an uploaded PDF carries (only the TSA is asked)', async () => {
  // A server standing for whatever address an uploader names in a certificate's caIssuers.
  let asked = 0;
  const elsewhere = createServer((_request, response) => {
    asked += 1;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const { port } = elsewhere.address() as AddressInfo;
  // The upload is already signed, by a certificate naming that address and carrying no chain: gathering
  // validation data for every signature in the file would fetch it.
  const pointing = await certificateNaming(`http://127.0.0.1:${port}/internal`);
  const upload = await signPdf(await makePdf(), { ...pointing, chain: [] }, { reason: 'theirs' });

  const app = await createTestApp({ env: { TSA_URL: tsa.url } });
  tsa.isDown = true;
  try {
    const user = await signedInUser(app);
    const made = await uploadVerification(app, user, {
      file: { name: 'signed-already.pdf', data: Buffer.from(upload.bytes) },
    });
    expect(made.statusCode).toBe(201);
    tsa.isDown = false;
    expect(await app.services.signatureUpgrades.runNow()).toEqual({
      upgraded: 1,
      problem: null,
      gaveUp: [],
    });
    expect(asked).toBe(0);
  } finally {
    tsa.isDown = false;
    await app.close();
    await new Promise((resolve) => elsewhere.close(resolve));
  }
});
