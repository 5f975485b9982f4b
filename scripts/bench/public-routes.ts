// Section "page": what every scan of a printed document hits — the public page, its JSON and a hashed asset —
// side by side with the floor, a bare Fastify hello-world in its own process, and with that same server sending the
// page's own answer (its compressed bytes and its headers): how much of the page's time is sending what it sends.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type BenchApp } from './app';
import { recordAnswer, startFloor } from './floor';
import { loadRounds, type LoadFigures } from './load';
import { atLeast, atMost, formats, thousands, type Report } from './report';
import { CONNECTIONS, DURATION_SECONDS, ROUNDS } from './settings';

// Goals for /v/{code}: half the floor's throughput at no more than twice its p99.
const PAGE_SHARE_GOAL = 50;
const PAGE_P99_GOAL = 2;

/** The SPA's main script as dist/index.html names it: /assets/main.<hash>.js. */
function mainScriptPath(): string {
  const index = readFileSync(path.resolve(__dirname, '../../dist/index.html'), 'utf8');
  const scripts = [...index.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)/g)].map((match) => match[1]);
  const main = scripts.find((src) => path.basename(src).startsWith('main.'));
  if (!main) throw new Error(`dist/index.html loads no main script (${scripts.join(', ')})`);
  return main;
}

export function figures(load: LoadFigures): string {
  const failures = load.failures ? `   FAILED ${thousands(load.failures)}` : '';
  return `${thousands(load.requestsPerSecond).padStart(7)} req/s   p99 ${String(load.p99Ms).padStart(4)} ms${failures}`;
}

/**
 * The page's own answer, recorded as a browser gets it (compressed, every header) once the app has compressed it:
 * what a server that did nothing but send it would do, beside the hello-world.
 */
async function pageAnswerFloor(pageUrl: string): Promise<{ load: LoadFigures; size: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-bench-answer-'));
  try {
    const file = path.join(folder, 'answer.json');
    await recordAnswer(pageUrl, file);
    // The first view renders the page and compresses it off the event loop; a later one is sent compressed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await recordAnswer(pageUrl, file);
    const floor = await startFloor(file);
    try {
      const bytes = Buffer.byteLength(answer.bodyBase64, 'base64');
      const headers = Object.keys(answer.headers).length;
      return {
        load: await loadRounds(floor.answerUrl!),
        size: `${formats.kb(bytes)}, ${headers} headers`,
      };
    } finally {
      await floor.stop();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function benchPublicRoutes({ url, verification }: BenchApp, report: Report) {
  const floor = await startFloor();
  let floorLoad: LoadFigures;
  try {
    floorLoad = await loadRounds(floor.url);
  } finally {
    await floor.stop();
  }
  const answerFloor = await pageAnswerFloor(url(`/v/${verification.code}`));
  const routes = [
    { label: '/v/{code}', path: `/v/${verification.code}`, hasGoals: true },
    {
      label: 'public JSON /api/public/verifications/{code}/',
      path: `/api/public/verifications/${verification.code}/`,
      hasGoals: false,
    },
    { label: 'hashed asset (the main script)', path: mainScriptPath(), hasGoals: false },
  ];
  report.heading(
    `Public routes vs the floor (autocannon, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_SECONDS} s, medians)`,
  );
  report.line('bare Fastify hello-world (the floor)', figures(floorLoad));
  // Not a goal: where the page's time goes, the bytes and headers it sends or the app's work per view.
  const answerShare = (answerFloor.load.requestsPerSecond / floorLoad.requestsPerSecond) * 100;
  report.line(
    "bare Fastify sending the page's answer",
    `${figures(answerFloor.load)}   ${formats.percent(answerShare)} of the floor's req/s (${answerFloor.size})`,
  );
  for (const route of routes) {
    const load = await loadRounds(url(route.path));
    const share = (load.requestsPerSecond / floorLoad.requestsPerSecond) * 100;
    const p99Ratio = load.p99Ms / Math.max(floorLoad.p99Ms, 1);
    const checks = route.hasGoals
      ? [
          atLeast(share, PAGE_SHARE_GOAL, formats.percent),
          atMost(p99Ratio, PAGE_P99_GOAL, formats.times),
        ]
      : [];
    const ofAnswer = route.hasGoals
      ? `, ${formats.percent((load.requestsPerSecond / answerFloor.load.requestsPerSecond) * 100)} of the same answer's`
      : '';
    const comparison = `${formats.percent(share)} of the floor's req/s${ofAnswer}, p99 ${formats.times(p99Ratio)} the floor's`;
    report.line(route.label, `${figures(load)}   ${comparison}`, ...checks);
  }
}
