// The seal checked by tools we did not write: the secured PDF's page is rendered (pdf.js), its QR code read by
// zbarimg (Debian's zbar-tools), and the seal taken apart and its signature verified with node:crypto straight from
// the layout in docs/seals.md — not with common/seals. Then the size rule: a sealed code's modules in the PDF are at
// least 0.55 mm, and a code printed at that size still reads from a simulated phone photo of the paper.
import { execFile } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { createCanvas } from '@napi-rs/canvas';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

import { TRUST_LIST_PATH, type TrustList } from '@common/seals/trust-list';

import { createQrMatrix } from '../../../src/documents/create-qr-matrix';
import { createTemplate } from '../../helpers/templates';
import { sharedTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const run = promisify(execFile);
const RENDERER = path.join(__dirname, '../../helpers/render-pdf-png.mjs');
const MM_PER_POINT = 25.4 / 72;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

let app: FastifyInstance;
let user: TestUser;
let folder: string;

beforeAll(async () => {
  app = await sharedTestApp({ env: { PUBLIC_URL: 'https://app.qrverify.test' } });
  user = await signedInUser(app);
  folder = await mkdtemp(path.join(tmpdir(), 'qrv-seal-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function zbarimg(file: string): Promise<string | null> {
  try {
    const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
    return stdout.replace(/\n$/, '');
  } catch {
    return null; // zbarimg exits 4 when it finds no code
  }
}

async function securedPdf(id: string): Promise<Buffer> {
  const response = await app.inject({
    url: `/api/verifications/${id}/document/`,
    headers: user.headers,
  });
  return response.rawPayload;
}

/** What the QR code on the PDF's first page says, as zbarimg reads a 216 dpi rendering of it. */
async function readPdfQr(pdf: Buffer, name: string): Promise<string | null> {
  const pdfFile = path.join(folder, `${name}.pdf`);
  const pngFile = path.join(folder, `${name}.png`);
  await writeFile(pdfFile, pdf);
  await run(process.execPath, [
    RENDERER,
    JSON.stringify({ files: [{ pdf: pdfFile, png: pngFile }] }),
  ]);
  return zbarimg(pngFile);
}

// ---- docs/seals.md, written again here --------------------------------------------------------------------

/** Every 17 digits are 7 bytes; a shorter last group of d digits is the fewest bytes d digits need. */
function digitsToBytes(digits: string): Buffer {
  const lastDigits = [0, 3, 5, 8, 10, 13, 15, 17];
  const bytes: number[] = [];
  for (let start = 0; start < digits.length; start += 17) {
    const group = digits.slice(start, start + 17);
    const count = lastDigits.indexOf(group.length);
    let value = BigInt(group);
    const chunk: number[] = [];
    for (let index = 0; index < count; index += 1) {
      chunk.unshift(Number(value & 0xffn));
      value >>= 8n;
    }
    bytes.push(...chunk);
  }
  return Buffer.from(bytes);
}

function readSeal(bytes: Buffer) {
  const nameLength = bytes[43]!;
  let code = '';
  let bits = BigInt(`0x${bytes.subarray(9, 19).toString('hex')}`);
  for (let index = 0; index < 16; index += 1) {
    code = ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  const day = (offset: number) =>
    new Date(bytes.readUInt16BE(offset) * 86_400_000).toISOString().slice(0, 10);
  return {
    version: bytes[0],
    kid: bytes.subarray(1, 9).toString('base64url'),
    code,
    hash: bytes.subarray(19, 35).toString('hex'),
    issueDate: day(35),
    expiryDate: bytes.readUInt16BE(37) === 0 ? null : day(37),
    sealedAt: new Date(bytes.readUInt32BE(39) * 60_000),
    holderName: bytes.subarray(44, 44 + nameLength).toString('utf8'),
    payload: bytes.subarray(0, 44 + nameLength),
    signature: bytes.subarray(44 + nameLength),
  };
}

// -----------------------------------------------------------------------------------------------------------

/** The side of one module of the code drawn on the PDF's first page, in mm: the stamp's runs are `re` rectangles. */
async function moduleSizeMm(pdf: Buffer): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(0).node.Contents()!;
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref))
      : [contents];
  let text = '';
  for (const stream of streams) {
    if (stream instanceof PDFRawStream)
      text += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  }
  const heights = [...text.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
    (match) => match[4]!,
  );
  // Every run of dark modules is one module high: the most frequent height.
  const counts = new Map<string, number>();
  for (const height of heights) counts.set(height, (counts.get(height) ?? 0) + 1);
  const [height] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return Number(height) * MM_PER_POINT;
}

test('zbarimg reads the secured PDF, and node:crypto verifies the seal with the served key', async () => {
  const verification = await createVerification(app, user, {
    holder_name: 'Zoë  Ångström-Lovelace',
    expiry_date: '2031-12-31',
  });
  const text = await readPdfQr(await securedPdf(verification.id), 'sealed');
  expect(text).toBe(verification.qr_url);

  const url = new URL(text!);
  expect(url.pathname).toBe(`/v/${verification.code}`);
  const seal = readSeal(digitsToBytes(url.hash.slice(1)));
  expect(seal).toMatchObject({
    version: 1,
    code: verification.code,
    hash: verification.original.sha256.slice(0, 32),
    issueDate: '2025-06-30',
    expiryDate: '2031-12-31',
    holderName: 'Zoë Ångström-Lovelace',
  });
  expect(Math.abs(Date.now() - seal.sealedAt.getTime())).toBeLessThan(5 * 60_000);
  expect(seal.signature.length).toBe(64);

  const trustList = (await app.inject({ url: TRUST_LIST_PATH })).json<TrustList>();
  const jwk = trustList.keys.find((key) => key.kid === seal.kid)!;
  expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', status: 'active' });
  // RFC 7638: the kid is the start of the key's own thumbprint.
  const thumbprint = createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest();
  expect(thumbprint.subarray(0, 8).toString('base64url')).toBe(seal.kid);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
    format: 'jwk',
  });
  const message = (host: string) =>
    Buffer.concat([Buffer.from(`qrverify-seal:${host}\n`), seal.payload]);
  const verifies = (host: string, payload = message(host)) =>
    verify('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }, seal.signature);

  expect(verifies(url.host)).toBe(true);
  expect(verifies('app.qrverify-check.com')).toBe(false);
  const changed = message(url.host);
  changed[changed.length - 1] ^= 1;
  expect(verifies(url.host, changed)).toBe(false);
});

test('a sealed code is drawn at 0.55 mm a module at least; an unsealed one at the size asked', async () => {
  const unsealedTemplate = await createTemplate(app, user, { seal_enabled: false });
  const qr = JSON.stringify({ pages: 'first', position: 'bottom-right', size_mm: 20 });
  const sealed = await createVerification(app, user, { qr });
  const unsealed = await createVerification(app, user, { qr, template_id: unsealedTemplate.id });

  const sealedModules = createQrMatrix({
    url: sealed.public_url,
    seal: new URL(sealed.qr_url as string).hash.slice(1),
  }).size;
  const sealedModule = await moduleSizeMm(await securedPdf(sealed.id));
  expect(sealedModule).toBeGreaterThanOrEqual(0.55);
  expect(sealedModule).toBeLessThan(0.56);
  expect(sealed.qr).toMatchObject({ size_mm: Math.ceil(sealedModules * 5.5) / 10 });

  const unsealedPdf = await securedPdf(unsealed.id);
  const unsealedModules = createQrMatrix({ url: unsealed.public_url, seal: null }).size;
  expect((await moduleSizeMm(unsealedPdf)) * unsealedModules).toBeCloseTo(20, 5);
  expect(unsealed.qr).toMatchObject({ size_mm: 20 });
  expect(await readPdfQr(unsealedPdf, 'unsealed')).toBe(unsealed.public_url);
});

/** A deterministic pseudo-random source (mulberry32), so the simulated photos are the same on every run. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PRINT_DPI = 300;

/**
 * A phone photo of the code printed at `moduleMm` a module on a 300 dpi printer: off-white paper and grey ink,
 * held 4° askew, seen at about 6 pixels a millimetre, slightly out of focus, with sensor noise, saved as JPEG at
 * quality 70. Answers what zbarimg reads from it.
 */
async function photographPrint(qr: { url: string; seal: string }, moduleMm: number, seed: number) {
  const matrix = createQrMatrix(qr);
  const module = (moduleMm * PRINT_DPI) / 25.4;
  const margin = 30;
  const side = Math.ceil((matrix.size + 8) * module) + 2 * margin;
  const print = createCanvas(side, side);
  const paper = print.getContext('2d');
  paper.fillStyle = '#fdfdf8';
  paper.fillRect(0, 0, side, side);
  paper.fillStyle = '#1a1a1a';
  for (const [row, column, length] of matrix.runs) {
    paper.fillRect(
      margin + (column + 4) * module,
      margin + (row + 4) * module,
      length * module,
      module,
    );
  }
  const scale = 0.5;
  const width = Math.ceil(side * scale * 1.1);
  const photo = createCanvas(width, width);
  const camera = photo.getContext('2d');
  camera.fillStyle = '#cfc9bd';
  camera.fillRect(0, 0, width, width);
  camera.translate(width / 2, width / 2);
  camera.rotate((4 * Math.PI) / 180);
  camera.scale(scale, scale);
  camera.filter = 'blur(1px)';
  camera.drawImage(print, -side / 2, -side / 2);
  const image = camera.getImageData(0, 0, width, width);
  const random = randomFrom(seed);
  for (let index = 0; index < image.data.length; index += 4) {
    const noise = (random() + random() + random() - 1.5) * 15;
    for (let channel = 0; channel < 3; channel += 1) {
      image.data[index + channel] = Math.min(
        255,
        Math.max(0, image.data[index + channel]! + noise),
      );
    }
  }
  camera.putImageData(image, 0, 0);
  const file = path.join(folder, `photo-${moduleMm}-${seed}.jpg`);
  await writeFile(file, await photo.encode('jpeg', 70));
  return zbarimg(file);
}

test('a sealed code printed at the minimum size reads from a phone photo of the paper; a smaller one does not', async () => {
  const verification = await createVerification(app, user, { holder_name: 'Ada Lovelace' });
  // A real code's lengths with fixed content: each run's random code and key would draw another pattern, and
  // whether a photo at the margin reads depends on the pattern as well as its size.
  const sealLength = new URL(verification.qr_url as string).hash.length - 1;
  const random = randomFrom(7);
  const qr = {
    url: verification.public_url.replace(/[^/]+$/, 'abcdefghijkmnpqr'),
    seal: Array.from({ length: sealLength }, () => Math.floor(random() * 10)).join(''),
  };
  for (const seed of [1, 2, 3]) {
    expect(await photographPrint(qr, 0.55, seed)).toBe(`${qr.url}#${qr.seal}`);
  }
  // The same photos of the code printed at 0.4 mm a module: why the minimum is where it is.
  for (const seed of [1, 2, 3]) expect(await photographPrint(qr, 0.4, seed)).toBeNull();
});
