// Section "spa": the JavaScript a visitor downloads for /signin — the scripts index.html loads plus the sign-in
// route's lazy chunks — found by loading the page in Chromium, then fetched again in gzip and in brotli.
import { get } from 'node:http';
import path from 'node:path';

import { launchBrowser } from '../support/browser';

import { type BenchApp } from './app';
import { atMost, formats, type Report } from './report';

// Issue 34: the sign-in route at most 180 kB of JavaScript gzipped (an older goal said 200).
const SIGN_IN_GOAL_BYTES = 180_000;

interface LoadedScript {
  url: string;
  /** The body as it came over the wire (compressed, if it was). */
  transferredBytes: number;
  encoding: string;
}

/** Every script /signin loads until the network is quiet, with what Chromium transferred for each. */
async function scriptsLoadedBy(pageUrl: string): Promise<LoadedScript[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const finished: Promise<LoadedScript>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      finished.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          url: request.url(),
          transferredBytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    return await Promise.all(finished);
  } finally {
    await browser.close();
  }
}

interface SentBody {
  bytes: number;
  isInEncoding: boolean;
}

/**
 * The body's size as the server sends it to a client that accepts only `encoding`: a file the build left
 * uncompressed (compressing it gained too little) counts as it is sent.
 */
function sentBody(url: string, encoding: 'gzip' | 'br'): Promise<SentBody> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, isInEncoding: response.headers['content-encoding'] === encoding }),
      );
    }).on('error', reject);
  });
}

async function totalInEncoding(scripts: LoadedScript[], encoding: 'gzip' | 'br') {
  const bodies = await Promise.all(scripts.map((script) => sentBody(script.url, encoding)));
  const bytes = bodies.reduce((sum, body) => sum + body.bytes, 0);
  const uncompressed = bodies.filter((body) => !body.isInEncoding).length;
  const text = `${formats.kb(bytes)}${uncompressed ? ` (${uncompressed} sent uncompressed)` : ''}`;
  return { bytes, text };
}

export async function benchSignInScripts({ url }: BenchApp, report: Report) {
  const scripts = await scriptsLoadedBy(url('/signin'));
  const transferred = scripts.reduce((sum, script) => sum + script.transferredBytes, 0);
  const encodings = [...new Set(scripts.map((script) => script.encoding))].join(', ');
  const gzip = await totalInEncoding(scripts, 'gzip');
  const brotli = await totalInEncoding(scripts, 'br');

  report.heading(`JavaScript for /signin (${scripts.length} scripts, as Chromium loaded the page)`);
  report.note(scripts.map((script) => path.basename(new URL(script.url).pathname)).join(', '));
  report.line(
    '/signin scripts, gzip',
    gzip.text,
    atMost(gzip.bytes, SIGN_IN_GOAL_BYTES, formats.kb),
  );
  report.line('/signin scripts, brotli', brotli.text);
  report.line(`/signin scripts as Chromium got them (${encodings})`, formats.kb(transferred));
}
