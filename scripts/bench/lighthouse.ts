// Section "lighthouse": Lighthouse 12's mobile performance score (its default: a mid-range phone on slow 4G,
// simulated) for /signin and /v/{code}, through its CLI driving Debian's Chromium headless.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { type BenchApp } from './app';
import { atLeast, formats, median, type Report } from './report';
import { CHROMIUM_PATH, ROUNDS } from './settings';

const run = promisify(execFile);
const LIGHTHOUSE_CLI = require.resolve('lighthouse/cli/index.js');
// Lighthouse reports come to tens of MB of JSON (screenshots, traces).
const MAX_REPORT_BYTES = 256 * 1024 * 1024;

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

interface LighthouseRun {
  score: number;
  /** The metrics as Lighthouse displays them: "1.2 s", "0 ms", "0.01". */
  metrics: string;
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { displayValue?: string }>;
  runtimeError?: { code: string; message: string };
}

const LIGHTHOUSE_ARGS = [
  '--only-categories=performance',
  '--form-factor=mobile',
  '--output=json',
  '--output-path=stdout',
  '--quiet',
  '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
];
// A trace Chromium recorded badly (NO_NAVSTART, now and then under load) is a runtime error whose advice is to
// run Lighthouse again.
const ATTEMPTS = 3;

/** Lighthouse's report; the CLI exits non-zero on a runtime error but still writes the report. */
async function lighthouseReport(url: string): Promise<LighthouseReport> {
  const options = {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    maxBuffer: MAX_REPORT_BYTES,
  };
  const { stdout, stderr } = await run(
    process.execPath,
    [LIGHTHOUSE_CLI, url, ...LIGHTHOUSE_ARGS],
    options,
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  try {
    return JSON.parse(stdout) as LighthouseReport;
  } catch {
    throw new Error(`Lighthouse on ${url} gave no report: ${stderr.trim()}`);
  }
}

async function runLighthouse(url: string): Promise<LighthouseRun> {
  let result = await lighthouseReport(url);
  for (let attempt = 1; result.runtimeError && attempt < ATTEMPTS; attempt += 1) {
    result = await lighthouseReport(url);
  }
  if (result.runtimeError) {
    throw new Error(
      `Lighthouse on ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`,
    );
  }
  const metrics = Object.entries(METRICS)
    .map(([audit, name]) => `${name} ${result.audits[audit]?.displayValue ?? '?'}`)
    .join(', ');
  return { score: (result.categories.performance.score ?? 0) * 100, metrics };
}

/** The run with the median score (Lighthouse's own advice for a noisy measure). */
async function medianRun(url: string): Promise<LighthouseRun> {
  const runs: LighthouseRun[] = [];
  for (let round = 0; round < ROUNDS; round += 1) runs.push(await runLighthouse(url));
  const middle = median(runs.map((lighthouseRun) => lighthouseRun.score));
  return runs.reduce((best, candidate) =>
    Math.abs(candidate.score - middle) < Math.abs(best.score - middle) ? candidate : best,
  );
}

export async function benchLighthouse({ url, verification }: BenchApp, report: Report) {
  const pages = [
    { label: '/signin', path: '/signin', goal: 95 },
    { label: '/v/{code}', path: `/v/${verification.code}`, goal: 100 },
  ];
  report.heading(`Lighthouse mobile performance (median of ${ROUNDS} run(s))`);
  for (const page of pages) {
    const { score, metrics } = await medianRun(url(page.path));
    report.line(
      page.label,
      `${formats.score(score)}   ${metrics}`,
      atLeast(score, page.goal, formats.score),
    );
  }
}
