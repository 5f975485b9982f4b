// `npm run bench`: the performance figures of issue 11, measured side by side in one run on the real app (the
// server in its own process on the embedded database, serving the built SPA). Each section is in scripts/bench/;
// each figure is printed beside its goal, with by how much a missed goal is missed.
//   memory      idle RSS of the server after boot (its own server, started fresh)
//   page        a bare Fastify hello-world (the floor), and sending the page's own answer, vs /v/{code}, the
//               public JSON and a hashed asset
//   instances   /v/{code} on one instance vs two on one Postgres database (load alternating between them)
//   soak        the public page under 100 connections: errors, memory, every view counted as a scan
//   spa         the JavaScript /signin downloads, gzip and brotli
//   lighthouse  Lighthouse mobile performance for /signin and /v/{code}
//   copy-check  "Check your copy" on a 50 MB file in Chromium vs openssl
//   heavy       responsiveness while the heaviest allowed document is secured
//   bulk        bulk operations of 1,000 and 10,000 rows in both modes, each on its own server, beside the bare
//               pdf-lib + qrcode loop on every core: time per row,
//               the server's peak RSS and CPU, the public page's p99 during the run
//   securing    the app's worker pool vs a bare pdf-lib + qrcode loop, 3 document classes, 1 and 4 clients
//   snapshot    the embedded database's online snapshot at start: the public page's answers while it runs
// `npm run bench -- --save <file>` writes the run's figures to a file; `--compare <file>` prints a saved run's figure
// beside each of this run's (the same machine, medians), to see what a change did.
// BENCH_ONLY=page,securing runs only the named sections; scripts/bench/settings.ts has the durations (and a
// quick setting for checking that every section runs). Goals are printed, not asserted: the run exits non-zero
// only when the soak lost or failed a view, the heavy document was refused, or a bulk operation did not secure
// every row.

import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { startBenchApp, type BenchApp } from './bench/app';
import { benchBulk } from './bench/bulk';
import { benchCopyCheck } from './bench/copy-check';
import { benchHeavyDocument } from './bench/heavy-document';
import { benchIdleMemory } from './bench/idle-memory';
import { benchInstances } from './bench/instances';
import { benchLighthouse } from './bench/lighthouse';
import { benchPublicRoutes } from './bench/public-routes';
import { parseSavedFigures, Report } from './bench/report';
import { benchSecuring } from './bench/securing';
import { benchSnapshot } from './bench/snapshot';
import { benchSoak } from './bench/soak';
import { benchSignInScripts } from './bench/spa-scripts';
import { ensureSpaBuilt } from './spa-build';

/** What a section found wrong enough to fail the run; a missed goal is not that. */
type SectionOutcome = boolean | void;

// In the order they run: memory first on a quiet machine, then the sections sharing one server, instances (two
// servers on Postgres), bulk (a server for each operation) and securing last as it needs no server.
const APP_SECTIONS: Record<string, (bench: BenchApp, report: Report) => Promise<SectionOutcome>> = {
  page: benchPublicRoutes,
  soak: benchSoak,
  spa: benchSignInScripts,
  lighthouse: benchLighthouse,
  'copy-check': benchCopyCheck,
  heavy: benchHeavyDocument,
};
const SECTION_NAMES = [
  'memory',
  ...Object.keys(APP_SECTIONS),
  'instances',
  'bulk',
  'securing',
  'snapshot',
];

function chosenSections(): string[] {
  const chosen = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const unknown = chosen?.filter((name) => !SECTION_NAMES.includes(name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(
      `Unknown BENCH_ONLY section(s) ${unknown.join(', ')}: use ${SECTION_NAMES.join(', ')}`,
    );
  }
  return chosen ?? SECTION_NAMES;
}

async function runAppSections(names: string[], report: Report): Promise<boolean> {
  const bench = await startBenchApp();
  let isClean = true;
  try {
    for (const name of names)
      isClean = (await APP_SECTIONS[name](bench, report)) !== false && isClean;
  } finally {
    await bench.app.stop();
  }
  return isClean;
}

interface BenchOptions {
  saveTo: string | null;
  compareWith: string | null;
}

function benchOptions(args: string[]): BenchOptions {
  const { values, positionals } = parseArgs({
    args,
    options: { save: { type: 'string' }, compare: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) {
    throw new Error(`Unexpected ${positionals.join(' ')}: use --save <file> and --compare <file>`);
  }
  return { saveTo: values.save ?? null, compareWith: values.compare ?? null };
}

async function main() {
  const options = benchOptions(process.argv.slice(2));
  const sections = chosenSections();
  const earlier = options.compareWith
    ? parseSavedFigures(await readFile(options.compareWith, 'utf8'), options.compareWith)
    : null;
  if (earlier) console.log(`Compared with ${options.compareWith} (saved ${earlier.savedAt})`);
  const report = new Report(earlier);
  await ensureSpaBuilt();
  let isClean = true;
  if (sections.includes('memory')) await benchIdleMemory(report);
  const appSections = Object.keys(APP_SECTIONS).filter((name) => sections.includes(name));
  if (appSections.length > 0) isClean = await runAppSections(appSections, report);
  if (sections.includes('instances')) await benchInstances(report);
  if (sections.includes('bulk')) isClean = (await benchBulk(report)) && isClean;
  if (sections.includes('securing')) await benchSecuring(report);
  if (sections.includes('snapshot')) await benchSnapshot(report);
  report.summary();
  if (options.saveTo) {
    await writeFile(options.saveTo, `${JSON.stringify(report.saved(), null, 2)}\n`);
    console.log(`\nFigures saved to ${options.saveTo}`);
  }
  if (!isClean) process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
