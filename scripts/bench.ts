// `npm run bench`: the two performance targets of the verifications issue, measured side by side in one run.
//  1. The public verification page against a static asset served by the same server (the floor):
//     autocannon, 50 connections, the server in its own process on the embedded database.
//  2. Documents secured per second by the product's securing service against a bare pdf-lib + qrcode loop.
// Prints figures only; it asserts nothing (speed targets belong here, not in tests).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import autocannon from 'autocannon';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';

import { createVerifiedAccount, requestAccessToken } from '../e2e/support/accounts';
import { startApp, type RunningApp } from '../e2e/support/app';
import { DEFAULT_QR_PLACEMENT } from '../server/src/services/verifications/qr-placement';
import { secureDocument } from '../server/src/services/verifications/secure-document';
import { makePdf } from '../server/test/helpers/test-documents';

import { ensureSpaBuilt } from './spa-build';

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SECURE_ROUNDS = Number(process.env.BENCH_SECURE_ROUNDS ?? 60);

interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function load(url: string): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function createVerification(app: RunningApp, pdf: Buffer): Promise<string> {
  const token = await requestAccessToken(app, await createVerifiedAccount(app));
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bench.pdf');
  form.set('title', 'Benchmark certificate');
  form.set('holder_name', 'Bench Holder');
  form.set('issue_date', new Date().toISOString().slice(0, 10));
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`create → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { public_url: string }).public_url;
}

/** The smallest hashed script: a fair floor, so that the comparison is not about bytes on the wire. */
function staticAssetPath(): string {
  const assetsDir = path.resolve(__dirname, '../dist/assets');
  const scripts = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  if (scripts.length === 0) throw new Error('dist/assets has no scripts');
  const sizeOf = (name: string) => statSync(path.join(assetsDir, name)).size;
  const smallest = scripts.reduce((best, name) => (sizeOf(name) < sizeOf(best) ? name : best));
  return `/assets/${smallest}`;
}

async function benchPublicPage(pdf: Buffer) {
  await ensureSpaBuilt();
  const app = await startApp({ LOG_LEVEL: 'error' });
  try {
    const publicUrl = await createVerification(app, pdf);
    const pagePath = new URL(publicUrl).pathname;
    const floor = await load(`${app.baseUrl}${staticAssetPath()}`);
    const page = await load(`${app.baseUrl}${pagePath}`);
    return { floor, page };
  } finally {
    await app.stop();
  }
}

async function timeRounds(rounds: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: fonts, JIT
  const startedAt = performance.now();
  for (let round = 0; round < rounds; round += 1) await work();
  return rounds / ((performance.now() - startedAt) / 1000);
}

async function bareStamp(pdf: Buffer, url: string) {
  const doc = await PDFDocument.load(pdf);
  const png = await QRCode.toBuffer(url, { errorCorrectionLevel: 'Q', margin: 4 });
  const image = await doc.embedPng(png);
  doc.getPages()[0].drawImage(image, { x: 20, y: 20, width: 71, height: 71 });
  return doc.save({ useObjectStreams: false });
}

async function benchSecuring(pdf: Buffer) {
  const url = 'http://localhost:8080/v/abcdefghjkmnpqrs';
  const bare = await timeRounds(SECURE_ROUNDS, () => bareStamp(pdf, url));
  const product = await timeRounds(SECURE_ROUNDS, () =>
    secureDocument({
      bytes: pdf,
      code: 'abcdefghjkmnpqrs',
      url,
      placement: DEFAULT_QR_PLACEMENT,
      maxBytes: 25 * 1024 * 1024,
    }),
  );
  return { bare, product };
}

function row(label: string, figures: LoadFigures) {
  const rps = figures.requestsPerSecond.toFixed(0).padStart(8);
  return `${label.padEnd(34)}${rps} req/s   p99 ${String(figures.p99Ms).padStart(5)} ms   non-2xx ${figures.non2xx}`;
}

async function main() {
  const pdf = await makePdf();
  const { floor, page } = await benchPublicPage(pdf);
  const securing = await benchSecuring(pdf);
  const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;
  console.log(`\nPublic page vs static asset (${CONNECTIONS} connections, ${LOAD_SECONDS} s each, PGlite)`);
  console.log(row('static asset (floor)', floor));
  console.log(row('public page /v/{code}', page));
  console.log(
    `public page at ${percent(page.requestsPerSecond, floor.requestsPerSecond)} of the floor's req/s ` +
      `(target ≥ 50 %), p99 ${(page.p99Ms / Math.max(floor.p99Ms, 1)).toFixed(1)}× the floor's (target ≤ 2×)`,
  );
  console.log(`\nSecuring one PDF page (${SECURE_ROUNDS} rounds each)`);
  console.log(`bare pdf-lib + qrcode loop         ${securing.bare.toFixed(1).padStart(8)} docs/s`);
  console.log(`secureDocument (the product)       ${securing.product.toFixed(1).padStart(8)} docs/s`);
  console.log(`product at ${percent(securing.product, securing.bare)} of the bare loop (target ≥ 80 %)`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
