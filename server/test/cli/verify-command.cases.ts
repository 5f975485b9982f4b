// `npm run verify`, run in this process: it reads the QR code of a PDF or an image (in its worker thread, with the
// real decoders), verifies the seal against a saved or fetched trust list, and answers 0 only when all of it holds.
// First on a document the app secured, with the app's trust list; then every seal state on codes sealed here with
// node:crypto, whose trust lists the test writes (revoked keys, unknown keys, custom domains, issuer identities:
// proven by a domain or the operator, declared, withheld, and trust lists from before identities).
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';

import { declaredOnly, type IssuerIdentity } from '@common/issuer-identity';
import {
  decodeSeal,
  encodeSeal,
  encodeSealPayload,
  signedMessage,
  type SealFacts,
} from '@common/seals/seal-format';
import { TRUST_LIST_PATH, type TrustList, type TrustedKey } from '@common/seals/trust-list';
import { DOCUMENT_CA_PATH, SEALED_QR_MIN_SIZE_MM } from '@common/verifications';

import { runIssuersCommand } from '../../src/cli/issuers-command';
import { runVerifyCli } from '../../src/cli/verify-command';
import { buildTrustList } from '../../src/services/seals/build-trust-list';
import { captureCommand } from '../helpers/command-output';
import { createTempDir, createTestApp } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';
import { startTestTsa, type TestTsa } from '../helpers/test-tsa';
import {
  createVerification,
  signedInUser,
  type TestUser,
  type VerificationJson,
} from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

// Each run starts a decoder thread that loads tsx, the WASM decoder and pdf.js afresh: seconds on a busy machine.
jest.setTimeout(120_000);

const HOST = 'verify.example.com';
const CODE = 'abcdefghijkmnpqr';
const OTHER_CODE = 'bcdefghijkmnpqrs';
const MM = 72 / 25.4;
const NOT_PROVEN = /^SIGNATURE VERIFIED, ISSUER NOT VERIFIED: /m;

/** Checked by the operator: the identity the keys made here hold unless a test says otherwise. */
const OPERATOR_CHECKED: IssuerIdentity = {
  issuer: 'University of Testing',
  issuer_proof: 'operator',
  declared_name: 'University of Testing',
  declared_name_withheld: null,
};

let folder: string;
let original: Buffer;
let issuer: { privateKey: KeyObject; key: TrustedKey };

function makeIssuer(kid: string): { privateKey: KeyObject; key: TrustedKey } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    privateKey,
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: jwk.x!,
      y: jwk.y!,
      kid,
      alg: 'ES256',
      use: 'sig',
      ...OPERATOR_CHECKED,
      custom_domain: null,
      status: 'active',
      created_at: '2026-01-01T00:00:00.000Z',
      retired_at: null,
      revoked_at: null,
    },
  };
}

function trustListWith(...keys: TrustedKey[]): TrustList {
  return { keys, service_hosts: [HOST] };
}

function sealFor(facts: Partial<SealFacts> = {}, host = HOST): string {
  const payload = encodeSealPayload({
    kid: issuer.key.kid,
    code: CODE,
    documentHash: createHash('sha256').update(original).digest('hex'),
    issueDate: '2026-06-30',
    expiryDate: '2031-06-30',
    sealedAt: '2026-11-25T10:42:00.000Z',
    holderName: 'Ada Lovelace',
    ...facts,
  });
  const signature = sign('sha256', signedMessage(payload, host), {
    key: issuer.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return encodeSeal(payload, signature);
}

/** A QR code as the stamp writes it: the URL in byte mode, the seal's digits in numeric mode. */
function qrPng(url: string, seal: string): Promise<Buffer> {
  const segments = seal
    ? [
        { data: Buffer.from(`${url}#`), mode: 'byte' as const },
        { data: seal, mode: 'numeric' as const },
      ]
    : [{ data: Buffer.from(url), mode: 'byte' as const }];
  return QRCode.toBuffer(segments, { errorCorrectionLevel: 'Q', scale: 8 });
}

/** An A4 page with the code printed at the sealed minimum size, low on the right as the stamp sits. */
async function qrPdf(png: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const image = await doc.embedPng(png);
  const size = SEALED_QR_MIN_SIZE_MM * MM;
  page.drawImage(image, { x: 595.28 - 36 - size, y: 36, width: size, height: size });
  return Buffer.from(await doc.save());
}

async function saveFile(name: string, data: Buffer | string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, data);
  return file;
}

async function saveTrustList(trustList: TrustList, name = 'trust-list.json'): Promise<string> {
  return saveFile(name, JSON.stringify(trustList));
}

function verify(...argv: string[]) {
  return captureCommand((output) => runVerifyCli(argv, { INIT_CWD: folder }, output));
}

/** The seal with one digit changed where the digits still decode: a redrawn code, not a damaged one. */
function withOneDigitChanged(seal: string): string {
  for (let index = seal.length - 1; index >= 0; index -= 1) {
    const digit = (Number(seal[index]) + 1) % 10;
    const changed = `${seal.slice(0, index)}${digit}${seal.slice(index + 1)}`;
    if (decodeSeal(changed)) return changed;
  }
  throw new Error('No digit of the seal can change and still decode');
}

beforeAll(async () => {
  folder = await createTempDir('qrv-verify-');
  original = await makePdf();
  issuer = makeIssuer('AAECAwQFBgc');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('a PDF secured by the app', () => {
  let app: FastifyInstance;
  let user: TestUser;
  let verification: VerificationJson;
  let pdf: string;
  let trustList: string;

  beforeAll(async () => {
    app = await createTestApp();
    user = await signedInUser(app);
    verification = await createVerification(app, user, {
      file: { name: 'diploma.pdf', data: original },
    });
    const secured = await app.inject({
      url: `/api/verifications/${verification.id}/document/`,
      headers: user.headers,
    });
    pdf = await saveFile('secured.pdf', secured.rawPayload);
    const jwks = await app.inject({ url: TRUST_LIST_PATH });
    trustList = await saveFile('trust-list.json', jwks.body);
    const qr = await app.inject({
      url: `/api/verifications/${verification.id}/qr/`,
      headers: user.headers,
    });
    await saveFile('secured-qr.png', qr.rawPayload);
    await saveFile('qrverify-ca.pem', (await app.inject({ url: DOCUMENT_CA_PATH })).body);
  });

  afterAll(async () => {
    await app.close();
  });

  test("checks the PDF's own signature against the service's CA, and says when none was given", async () => {
    const withCa = await verify(
      'secured.pdf',
      '--jwks',
      'trust-list.json',
      '--ca',
      'qrverify-ca.pem',
    );
    expect(withCa.out).toMatch(
      /^PDF signature: valid \(ETSI\.CAdES\.detached\) by “Grace Hopper \(name not verified\)”, made \d{4}-\d\d-\d\d \d\d:\d\d UTC; its certificate is from the service's CA$/m,
    );
    expect(withCa.code).toBe(3);
    const withoutCa = await verify('secured.pdf', '--jwks', 'trust-list.json');
    expect(withoutCa.out).toContain('its certificate was not checked (no CA given)');
    expect(withoutCa.code).toBe(3);
  });

  test('a secured PDF changed after it was signed fails, whatever its seal says', async () => {
    const secured = await readFile(pdf);
    // A byte of the binary comment under the header: nothing a reader shows changes, the signed bytes do.
    const at = secured.indexOf('%', 1) + 1;
    expect(secured.subarray(0, at).toString('latin1')).toMatch(/^%PDF-\d\.\d\s+%$/);
    secured[at] ^= 0x01;
    await saveFile('changed.pdf', secured);
    const result = await verify(
      'changed.pdf',
      '--jwks',
      'trust-list.json',
      '--ca',
      'qrverify-ca.pem',
    );
    expect(result.out).toContain(
      'PDF signature: INVALID: the file was changed after it was signed',
    );
    expect(result.out.split('\n').at(-1)).toBe(
      "NOT VERIFIED: the PDF's signature is invalid: the file was changed after it was signed.",
    );
    expect(result.code).toBe(1);
  });

  test('verifies the signature against the saved trust list and prints what the seal states; the account only names itself', async () => {
    const result = await verify('secured.pdf', '--jwks', 'trust-list.json');

    const host = new URL(verification.public_url).host;
    expect(result.err).toBe('');
    expect(result.out).toContain(`QR code: ${verification.public_url}#`);
    expect(result.out).toMatch(
      /Issuer: +an account calling itself “Grace Hopper” \(its name is not verified\)$/m,
    );
    expect(result.out).toMatch(/Holder: +Ada Lovelace/);
    expect(result.out).toMatch(/Issued: +2025-06-30/);
    expect(result.out).toMatch(/Expires: +does not expire/);
    expect(result.out).toMatch(new RegExp(`Code: +${verification.code}`));
    expect(result.out).toMatch(/Sealed at: +\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(result.out).toMatch(/Key: +\S{11}, active/);
    expect(result.out).toContain(`${host} (the service's own)`);
    // A genuine signature from an account nothing vouches for: not "VERIFIED: sealed by", and its own exit code.
    expect(result.out.split('\n').at(-1)).toMatch(
      /^SIGNATURE VERIFIED, ISSUER NOT VERIFIED: issued by an account calling itself “Grace Hopper” \(its name is not verified\) for Ada Lovelace; the signature and the host check out, but nothing proves who the account is/,
    );
    expect(result.out).not.toMatch(/^VERIFIED/m);
    expect(result.code).toBe(3);
  });

  test('with --original, passes for the original and fails for any other file', async () => {
    await saveFile('original.pdf', original);
    await saveFile('other.pdf', await makePdf([{}, {}]));

    const genuine = await verify(pdf, '--jwks', trustList, '--original', 'original.pdf');
    const other = await verify(pdf, '--jwks', trustList, '--original', 'other.pdf');

    expect(genuine.out).toMatch(/Original: +\S+original\.pdf matches the signed hash/);
    expect(genuine.out).toMatch(
      /^SIGNATURE VERIFIED, ISSUER NOT VERIFIED: .*the signature, the host and the original check out/m,
    );
    expect(genuine.code).toBe(3);
    expect(other.out).toMatch(/Original: +\S+other\.pdf DOES NOT MATCH/);
    expect(other.out).toMatch(
      /NOT VERIFIED: \S+other\.pdf is not the document this code was issued for/,
    );
    expect(other.code).toBe(1);
  });

  test('the QR code downloaded as an image verifies too', async () => {
    const result = await verify('secured-qr.png', '--jwks', trustList);

    expect(result.out).toMatch(
      /^SIGNATURE VERIFIED, ISSUER NOT VERIFIED: issued by an account calling itself “Grace Hopper”/m,
    );
    expect(result.code).toBe(3);
  });

  test('a PDF whose code was redrawn with one digit of the seal changed fails', async () => {
    const [url, seal] = (verification.qr_url as string).split('#');
    const tampered = await saveFile(
      'tampered.pdf',
      await qrPdf(await qrPng(url, withOneDigitChanged(seal))),
    );

    const result = await verify(tampered, '--jwks', trustList);

    expect(result.out).toMatch(/^NOT VERIFIED: The seal does not verify/m);
    expect(result.code).toBe(1);
  });

  test('its genuine seal on a look-alike site fails, flagged as a foreign host', async () => {
    const [url, seal] = (verification.qr_url as string).split('#');
    const lookAlike = url.replace(new URL(url).origin, 'https://qrverify-check.com');
    const file = await saveFile('look-alike.pdf', await qrPdf(await qrPng(lookAlike, seal)));

    const result = await verify(file, '--jwks', trustList);

    expect(result.out).toMatch(/Host: +qrverify-check\.com \(NOT TRUSTED\)/);
    expect(result.out).toMatch(
      /^NOT VERIFIED: The QR code points at qrverify-check\.com, which is neither the service \(localhost:\d+\): a look-alike site/m,
    );
    // The host is signed: the seal fails there too, said after the warning that matters most.
    expect(result.out).toMatch(/Also: The seal does not verify/);
    expect(result.code).toBe(1);
  });

  test('fetches the trust list from --server, never from the host in the QR code', async () => {
    const requests: string[] = [];
    const server: Server = createServer((request, response) => {
      requests.push(request.url ?? '');
      void app.inject({ url: request.url }).then((answer) => {
        response.writeHead(answer.statusCode, { 'content-type': 'application/json' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await verify(pdf, '--server', `http://127.0.0.1:${port}`);

      // The signing CA comes from the same service.
      expect(requests).toEqual([TRUST_LIST_PATH, DOCUMENT_CA_PATH]);
      expect(result.out).toContain("its certificate is from the service's CA");
      expect(result.code).toBe(3);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('once the operator has checked the account’s name, a fresh trust list verifies the issuer', async () => {
    const checked = await runIssuersCommand(
      app.db,
      ['verify', user.email, '--name', 'Grace Hopper Institute'],
      { out: () => undefined, err: () => undefined },
    );
    expect(checked).toBe(0);
    // Built afresh: a running server hears the change through Postgres, which this one is not on.
    const fresh = await saveTrustList(
      (await buildTrustList(app.db, app.config)).trustList,
      'trust-list-operator.json',
    );

    const result = await verify(pdf, '--jwks', fresh);

    expect(result.out).toMatch(
      /Issuer: +Grace Hopper Institute \(name checked by this service\)$/m,
    );
    expect(result.out.split('\n').at(-1)).toMatch(
      /^VERIFIED: sealed by Grace Hopper Institute \(name checked by this service\) for Ada Lovelace; the signature and the host check out/,
    );
    expect(result.code).toBe(0);
  });

  // Last: it revokes the account's key.
  test('once the issuer revokes the key from before the seal, a fresh trust list fails it', async () => {
    const [key] = (await app.inject({ url: '/api/seals/keys/', headers: user.headers })).json()
      .keys as Array<{ kid: string }>;
    const revokedAt = new Date(Date.parse(verification.created_at) - 60 * 60_000).toISOString();
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/seals/keys/${key.kid}/revoke/`,
      headers: user.headers,
      payload: { revoked_at: revokedAt },
    });
    expect(revoke.statusCode).toBe(200);
    const fresh = await saveFile(
      'trust-list-revoked.json',
      (await app.inject({ url: TRUST_LIST_PATH })).body,
    );

    const result = await verify(pdf, '--jwks', fresh);

    expect(result.out).toMatch(new RegExp(`Key: +${key.kid}, revoked: seals made from .* on fail`));
    expect(result.out).toMatch(
      /^NOT VERIFIED: The seal was made at .* which Grace Hopper Institute revoked from/m,
    );
    expect(result.code).toBe(1);
  });
});

describe('a PDF signed PAdES B-LTA (TSA_URL set)', () => {
  let app: FastifyInstance;
  let tsa: TestTsa;
  let signed: Buffer;

  beforeAll(async () => {
    tsa = await startTestTsa();
    app = await createTestApp({ env: { TSA_URL: tsa.url } });
    const user = await signedInUser(app);
    const made = await createVerification(app, user, {
      file: { name: 'diploma.pdf', data: original },
    });
    expect(made.signature?.level).toBe('B-LTA');
    const secured = await app.inject({
      url: `/api/verifications/${made.id}/document/`,
      headers: user.headers,
    });
    signed = secured.rawPayload;
    await saveFile('long-term.pdf', signed);
    await saveFile('long-term-trust-list.json', (await app.inject({ url: TRUST_LIST_PATH })).body);
    await saveFile('long-term-ca.pem', (await app.inject({ url: DOCUMENT_CA_PATH })).body);
  });

  afterAll(async () => {
    await app.close();
    await tsa.stop();
  });

  const check = (file: string) =>
    verify(file, '--jwks', 'long-term-trust-list.json', '--ca', 'long-term-ca.pem');

  test('the signature is valid with its validation data and timestamps after it, each named', async () => {
    const result = await check('long-term.pdf');
    expect(result.out).toMatch(
      /^PDF signature: valid \(ETSI\.CAdES\.detached\) by “Grace Hopper \(name not verified\)”, made .* UTC; its certificate is from the service's CA; timestamped \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC by “Test TSA”; document timestamp \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC by “Test TSA” \(time-stamping authorities are not checked against a trust list\)$/m,
    );
    // Exit 3: the account only names itself, as above; nothing is wrong with the file.
    expect(result.code).toBe(3);
  });

  test('a page rewritten in a revision after the document timestamp fails', async () => {
    const pages = /\/Pages\s+(\d+)\s+0\s+R/.exec(signed.toString('latin1'))![1];
    const rewritten = Buffer.concat([
      signed,
      Buffer.from(`\n${pages} 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n`),
    ]);
    await saveFile('long-term-rewritten.pdf', rewritten);
    const result = await check('long-term-rewritten.pdf');
    expect(result.out).toContain('but content was added after it was signed');
    expect(result.code).toBe(1);
  });
});

describe('what a seal may say, with keys made here', () => {
  let trustList: string;

  beforeAll(async () => {
    trustList = await saveTrustList(trustListWith(issuer.key), 'own-keys.json');
  });

  async function verifyCode(url: string, seal: string, list = trustList) {
    const file = await saveFile(
      `code-${Math.random().toString(36).slice(2)}.png`,
      await qrPng(url, seal),
    );
    return verify(file, '--jwks', list);
  }

  test('a code on a look-alike site with a seal signed for it fails as a foreign host', async () => {
    const result = await verifyCode(
      `https://verify-example.com/v/${CODE}`,
      sealFor({}, 'verify-example.com'),
    );

    expect(result.out).toMatch(/^NOT VERIFIED: The QR code points at verify-example\.com/m);
    expect(result.out).not.toContain('Also:');
    expect(result.code).toBe(1);
  });

  test("the issuer's verified custom domain is trusted, and is who the issuer is", async () => {
    const custom: TrustedKey = {
      ...issuer.key,
      issuer: 'verify.testing.edu',
      issuer_proof: 'domain',
      custom_domain: 'verify.testing.edu',
    };
    const list = await saveTrustList(trustListWith(custom), 'custom-domain.json');

    const result = await verifyCode(
      `https://verify.testing.edu/v/${CODE}`,
      sealFor({}, 'verify.testing.edu'),
      list,
    );

    expect(result.out).toMatch(
      /Issuer: +verify\.testing\.edu \(University of Testing, as stated by the issuer\)$/m,
    );
    expect(result.out).toMatch(
      /Host: +verify\.testing\.edu \(the signing account's verified domain\)/,
    );
    expect(result.out).toMatch(
      /^VERIFIED: sealed by verify\.testing\.edu \(University of Testing, as stated by the issuer\) for Ada Lovelace; the signature and the host check out/m,
    );
    expect(result.code).toBe(0);
  });

  test('an operator-checked name is the issuer', async () => {
    const result = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor());

    expect(result.out).toMatch(/Issuer: +University of Testing \(name checked by this service\)$/m);
    expect(result.out).toMatch(
      /^VERIFIED: sealed by University of Testing \(name checked by this service\) for Ada Lovelace/m,
    );
    expect(result.code).toBe(0);
  });

  test('an account that only names itself: the signature verifies, the issuer does not (exit 3)', async () => {
    const declared = { ...issuer.key, ...declaredOnly('Alpha University') };
    const list = await saveTrustList(trustListWith(declared), 'declared.json');

    const result = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), list);

    expect(result.out).toMatch(
      /Issuer: +an account calling itself “Alpha University” \(its name is not verified\)$/m,
    );
    expect(result.out).not.toMatch(/^VERIFIED/m);
    expect(result.out).toMatch(
      /^SIGNATURE VERIFIED, ISSUER NOT VERIFIED: issued by an account calling itself “Alpha University” \(its name is not verified\) for Ada Lovelace; the signature and the host check out, but nothing proves who the account is: confirm with the organisation/m,
    );
    expect(result.code).toBe(3);
  });

  test('a withheld name is not shown: another account’s reads the same, or it mixes alphabets', async () => {
    const withheld = (reason: 'shared' | 'mixed_scripts'): TrustedKey => ({
      ...issuer.key,
      issuer: null,
      issuer_proof: null,
      declared_name: null,
      declared_name_withheld: reason,
    });
    const shared = await saveTrustList(trustListWith(withheld('shared')), 'shared.json');
    const mixed = await saveTrustList(trustListWith(withheld('mixed_scripts')), 'mixed.json');

    const sharedResult = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), shared);
    const mixedResult = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), mixed);

    expect(sharedResult.out).toMatch(
      /Issuer: +an account whose name is not shown \(another account uses a name that looks the same, so neither is shown\)$/m,
    );
    expect(sharedResult.out).toMatch(
      /^SIGNATURE VERIFIED, ISSUER NOT VERIFIED: issued by an account whose name is not shown/m,
    );
    expect(sharedResult.code).toBe(3);
    expect(mixedResult.out).toMatch(
      /Issuer: +an account whose name is not shown \(its name mixes alphabets, as look-alike names do\)$/m,
    );
    expect(mixedResult.code).toBe(3);
  });

  test('a trust list from before issuer identities names accounts as declared, never as proven', async () => {
    // As older servers wrote it: `issuer` is the account's own name, with no issuer_proof (a custom domain, too).
    const {
      issuer_proof: _proof,
      declared_name: _declared,
      declared_name_withheld: _withheld,
      ...older
    } = { ...issuer.key, issuer: 'Alpha University', custom_domain: 'verify.testing.edu' };
    const list = await saveFile(
      'older-server.json',
      JSON.stringify({ keys: [older], service_hosts: [HOST] }),
    );

    const onService = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), list);
    const onDomain = await verifyCode(
      `https://verify.testing.edu/v/${CODE}`,
      sealFor({}, 'verify.testing.edu'),
      list,
    );

    for (const result of [onService, onDomain]) {
      expect(result.err).toBe('');
      expect(result.out).toMatch(
        /Issuer: +an account calling itself “Alpha University” \(its name is not verified\)$/m,
      );
      expect(result.out).not.toMatch(/^VERIFIED/m);
      expect(result.out).toMatch(NOT_PROVEN);
      expect(result.code).toBe(3);
    }
  });

  test('a failed check exits 1 whoever the issuer is', async () => {
    const declared = { ...issuer.key, ...declaredOnly('Alpha University') };
    const list = await saveTrustList(trustListWith(declared), 'declared-failing.json');

    const result = await verifyCode(`https://${HOST}/v/${OTHER_CODE}`, sealFor(), list);

    expect(result.out).toMatch(/^NOT VERIFIED: The seal belongs to verification/m);
    expect(result.out).not.toMatch(NOT_PROVEN);
    expect(result.code).toBe(1);
  });

  test('a seal made with a key the trust list does not have fails', async () => {
    const stranger = makeIssuer('AAECAwQFBgc');
    const list = await saveTrustList(trustListWith(stranger.key), 'stranger.json');
    const unknown = await saveTrustList(trustListWith(), 'empty.json');

    const forged = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), list);
    const missing = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), unknown);

    expect(forged.out).toMatch(/^NOT VERIFIED: The seal does not verify/m);
    expect(forged.code).toBe(1);
    expect(missing.out).toMatch(/Key: +AAECAwQFBgc, not in the trust list/);
    expect(missing.out).toMatch(
      /^NOT VERIFIED: The seal names key AAECAwQFBgc, which is not in the trust list/m,
    );
    expect(missing.code).toBe(1);
  });

  test('a key revoked before the seal was made fails it; one revoked after keeps it', async () => {
    const revokedBefore = {
      ...issuer.key,
      status: 'revoked' as const,
      revoked_at: '2026-11-25T10:00:00.000Z',
    };
    const revokedAfter = { ...revokedBefore, revoked_at: '2026-11-25T11:00:00.000Z' };
    const before = await saveTrustList(trustListWith(revokedBefore), 'revoked-before.json');
    const after = await saveTrustList(trustListWith(revokedAfter), 'revoked-after.json');

    const failed = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), before);
    const kept = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), after);

    expect(failed.out).toMatch(
      /Key: +AAECAwQFBgc, revoked: seals made from 2026-11-25 10:00 UTC on fail/,
    );
    expect(failed.out).toMatch(
      /^NOT VERIFIED: The seal was made at 2026-11-25 10:42 UTC with key AAECAwQFBgc, which University of Testing revoked from 2026-11-25 10:00 UTC/m,
    );
    expect(failed.code).toBe(1);
    expect(kept.code).toBe(0);
  });

  test('a revoked key of an account that only names itself is said to be revoked by its issuer, unnamed', async () => {
    const revoked = {
      ...issuer.key,
      ...declaredOnly('Alpha University'),
      status: 'revoked' as const,
      revoked_at: '2026-11-25T10:00:00.000Z',
    };
    const list = await saveTrustList(trustListWith(revoked), 'revoked-declared.json');

    const result = await verifyCode(`https://${HOST}/v/${CODE}`, sealFor(), list);

    expect(result.out).toMatch(/which its issuer revoked from 2026-11-25 10:00 UTC/);
    expect(result.out).not.toContain('Alpha University revoked');
    expect(result.code).toBe(1);
  });

  test("another verification's seal copied onto a code fails", async () => {
    const result = await verifyCode(`https://${HOST}/v/${OTHER_CODE}`, sealFor());

    expect(result.out).toMatch(
      new RegExp(
        `^NOT VERIFIED: The seal belongs to verification ${CODE}, not to ${OTHER_CODE}`,
        'm',
      ),
    );
    expect(result.code).toBe(1);
  });

  test('a code with no seal fails: nothing can be checked offline', async () => {
    const result = await verifyCode(`https://${HOST}/v/${CODE}`, '');

    expect(result.out).toMatch(/^NOT VERIFIED: The QR code carries no seal/m);
    expect(result.code).toBe(1);
  });

  test('a document with no QR code, or only an unrelated one, fails', async () => {
    const blank = await saveFile('blank.pdf', await makePdf());
    const unrelated = await saveFile(
      'unrelated.png',
      await QRCode.toBuffer('https://testing.edu/', { scale: 8 }),
    );

    const none = await verify(blank, '--jwks', trustList);
    const other = await verify(unrelated, '--jwks', trustList);

    expect(none.out).toMatch(/^NOT VERIFIED: no QR code found in \S+blank\.pdf\.$/m);
    expect(none.code).toBe(1);
    expect(other.out).toMatch(
      /^NOT VERIFIED: no verification QR code found in \S+unrelated\.png; only https:\/\/testing\.edu\//m,
    );
    expect(other.code).toBe(1);
  });
});

describe('when the check cannot run', () => {
  test('an unreadable file or trust list exits 2 with what to fix', async () => {
    const trustList = await saveTrustList(trustListWith(issuer.key));
    const text = await saveFile('notes.txt', 'not a document');
    const brokenList = await saveFile('broken.json', '{"keys": [');
    const notAList = await saveFile('not-a-list.json', '{"keys": [{"kid": "x"}]}');
    const unknownProof = await saveTrustList(
      {
        keys: [{ ...issuer.key, issuer_proof: 'dns' as 'domain' }],
        service_hosts: [HOST],
      },
      'unknown-proof.json',
    );
    const pdf = await saveFile('blank-2.pdf', await makePdf());

    expect(await verify('missing.pdf', '--jwks', trustList)).toEqual({
      code: 2,
      out: '',
      err: `Cannot read ${path.join(folder, 'missing.pdf')}: no such file.`,
    });
    expect(await verify(text, '--jwks', trustList)).toMatchObject({
      code: 2,
      err: `${text} is not a PDF, PNG or JPEG file.`,
    });
    expect(await verify(pdf, '--jwks', brokenList)).toMatchObject({
      code: 2,
      err: `The trust list from ${brokenList} is not JSON.`,
    });
    expect(await verify(pdf, '--jwks', notAList)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^The trust list from \S+ is not one/),
    });
    expect(await verify(pdf, '--jwks', unknownProof)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^The trust list from \S+ is not one/),
    });
    expect(await verify(pdf, '--jwks', 'nowhere.json')).toMatchObject({
      code: 2,
      err: `Cannot read the trust list ${path.join(folder, 'nowhere.json')}: no such file.`,
    });
    expect(await verify(pdf, '--server', 'http://127.0.0.1:1')).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /^Cannot fetch the trust list from http:\/\/127\.0\.0\.1:1\/\.well-known\/jwks\.json: /,
      ),
    });
  });

  test('a damaged PDF is reported as unreadable', async () => {
    const trustList = await saveTrustList(trustListWith(issuer.key));
    const damaged = await saveFile('damaged.pdf', '%PDF-1.7\nthis is not a PDF body');

    const result = await verify(damaged, '--jwks', trustList);

    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Cannot read \S+damaged\.pdf: The PDF cannot be read/);
  });

  test('--help says where the trust list comes from; a missing file is a usage error', async () => {
    const help = await verify('--help');
    const none = await verify();

    expect(help.code).toBe(0);
    expect(help.out).toContain('never from the site the QR code points at');
    expect(help.out).toMatch(/3 when everything\s+checks out but the issuer is not proven/);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^Name one file to check\./);
  });
});
