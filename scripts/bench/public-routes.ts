// Section "page": what every scan of a printed document hits — the public page, its JSON and a hashed asset —
// side by side with the floor, a bare Fastify hello-world in its own process.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { type BenchApp } from './app';
import { startFloor } from './floor';
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

export async function benchPublicRoutes({ url, verification }: BenchApp, report: Report) {
  const floor = await startFloor();
  let floorLoad: LoadFigures;
  try {
    floorLoad = await loadRounds(floor.url);
  } finally {
    await floor.stop();
  }
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
    const comparison = `${formats.percent(share)} of the floor's req/s, p99 ${formats.times(p99Ratio)} the floor's`;
    report.line(route.label, `${figures(load)}   ${comparison}`, ...checks);
  }
}
