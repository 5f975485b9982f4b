// Section "heavy": responsiveness while the heaviest allowed document is secured — HEAVY_PAGES pages with the
// code on every page — while a light probe times /api/health/ and the public page, idle and for as long as the
// upload takes; the goal is every answer within 100 ms. BENCH_HEAVY_PAGES=0 skips it.
import { makePdf } from '../../server/test/helpers/test-documents';

import { postDocument, type BenchApp } from './app';
import { atMost, type Report } from './report';
import { HEAVY_PAGES, SERVER_CONFIG } from './settings';

const PROBE_INTERVAL_MS = 20;
const PROBE_IDLE_SECONDS = 5;
const RESPONSIVE_GOAL_MS = 100;

export interface ProbeFigures {
  count: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** When the slowest request started, in seconds from the probe's start: early, midway or at the end. */
  maxAtSeconds: number;
}

function percentile(sortedMs: number[], fraction: number): number {
  return sortedMs[Math.max(0, Math.ceil(fraction * sortedMs.length) - 1)] ?? NaN;
}

async function timeOneGet(url: string): Promise<boolean> {
  // The whole body is read, so the time is until the answer is complete.
  return fetch(url).then(
    async (response) => {
      await response.arrayBuffer();
      return response.ok;
    },
    () => false,
  );
}

/**
 * Times one GET of `url` every PROBE_INTERVAL_MS, one at a time (a slow answer delays the next rather than
 * piling requests up), until `stop` is called; light enough not to be the load itself.
 */
export function startProbe(url: string): { stop: () => Promise<ProbeFigures> } {
  const latenciesMs: number[] = [];
  let failed = 0;
  let isStopped = false;
  let worst = { ms: 0, atSeconds: NaN };
  const probeStartedAt = performance.now();
  const running = (async () => {
    while (!isStopped) {
      const startedAt = performance.now();
      const isOk = await timeOneGet(url);
      const elapsedMs = performance.now() - startedAt;
      latenciesMs.push(elapsedMs);
      if (elapsedMs > worst.ms)
        worst = { ms: elapsedMs, atSeconds: (startedAt - probeStartedAt) / 1000 };
      if (!isOk) failed += 1;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, PROBE_INTERVAL_MS - elapsedMs)),
      );
    }
  })();
  return {
    stop: async () => {
      isStopped = true;
      await running;
      const sorted = [...latenciesMs].sort((a, b) => a - b);
      const [p50Ms, p99Ms] = [percentile(sorted, 0.5), percentile(sorted, 0.99)];
      const maxMs = sorted.at(-1) ?? NaN;
      return { count: sorted.length, failed, p50Ms, p99Ms, maxMs, maxAtSeconds: worst.atSeconds };
    },
  };
}

/** Probes every URL for as long as `work` runs. */
export async function probeWhile<T>(urls: string[], work: () => Promise<T>) {
  const probes = urls.map(startProbe);
  const result = await work();
  return { result, figures: await Promise.all(probes.map((probe) => probe.stop())) };
}

/** The heaviest document the server accepts: HEAVY_PAGES pages, to be stamped on every page. */
async function makeHeavyPdf(): Promise<Buffer> {
  const pdf = await makePdf(Array.from({ length: HEAVY_PAGES }, () => ({})));
  if (pdf.length > SERVER_CONFIG.UPLOAD_MAX_BYTES)
    throw new Error(`${HEAVY_PAGES} pages make ${pdf.length} bytes, above UPLOAD_MAX_BYTES`);
  return pdf;
}

async function postHeavyDocument({ app, verification }: BenchApp, pdf: Buffer) {
  const startedAt = performance.now();
  const qr = { pages: 'every', position: 'bottom-right', size_mm: 25 };
  const response = await postDocument(app, verification.token, pdf, qr);
  const body = await response.text();
  return { status: response.status, seconds: (performance.now() - startedAt) / 1000, body };
}

export function probeFigures(figures: ProbeFigures): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `count ${figures.count}, p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}, ` +
    `max ${ms(figures.maxMs)} at ${figures.maxAtSeconds.toFixed(1)} s, failed ${figures.failed}`
  );
}

/** Returns whether the heavy document was accepted (a refusal is a finding, not a reason to stop). */
export async function benchHeavyDocument(bench: BenchApp, report: Report): Promise<boolean> {
  if (HEAVY_PAGES === 0) return true;
  const heavyPdf = await makeHeavyPdf();
  const probed = [
    { name: 'GET /api/health/', url: bench.url('/api/health/') },
    { name: 'GET /v/{code}', url: bench.url(`/v/${bench.verification.code}`) },
  ];
  const urls = probed.map((probe) => probe.url);
  await Promise.all(urls.map(timeOneGet));
  const idle = await probeWhile(
    urls,
    () => new Promise((resolve) => setTimeout(resolve, PROBE_IDLE_SECONDS * 1000)),
  );
  const securing = await probeWhile(urls, () => postHeavyDocument(bench, heavyPdf));
  const upload = securing.result;

  const mib = (heavyPdf.length / 1024 / 1024).toFixed(1);
  report.heading(
    `Responsiveness while the heaviest allowed document is secured (${HEAVY_PAGES} pages, ${mib} MiB, QR on ` +
      `every page; ${SERVER_CONFIG.SECURING_WORKERS} securing worker(s), probe every ${PROBE_INTERVAL_MS} ms)`,
  );
  report.note(`heavy upload answered ${upload.status} after ${upload.seconds.toFixed(1)} s`);
  probed.forEach(({ name }, index) => {
    const [before, during] = [idle.figures[index], securing.figures[index]];
    report.note(`${name}, idle ${PROBE_IDLE_SECONDS} s: ${probeFigures(before)}`);
    report.note(`${name}, while securing: ${probeFigures(during)}`);
    // Beside the idle figures: an endpoint slow on its own is told apart from one the securing slowed down.
    report.line(
      `${name}, slowest answer while securing`,
      `${during.maxMs.toFixed(0)} ms (idle ${before.maxMs.toFixed(0)} ms)`,
      atMost(during.maxMs, RESPONSIVE_GOAL_MS, (value) => `${value.toFixed(0)} ms`),
    );
  });
  if (upload.status !== 201) report.note(`heavy upload refused: ${upload.body.slice(0, 300)}`);
  return upload.status === 201;
}
