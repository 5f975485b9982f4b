// `npm test`: the unit suites (SPA + server on PGlite and Postgres), then the browser suite, then one totals line.
// Usage: npm test [-- --unit-only | --e2e-only] [extra jest args, e.g. a path pattern]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const resultsDir = path.join(root, '.tmp');

interface Totals {
  passed: number;
  failed: number;
}

function runJest(name: string, args: string[]): Totals {
  const outputFile = path.join(resultsDir, `${name}-results.json`);
  rmSync(outputFile, { force: true });
  const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');
  const run = spawnSync(
    process.execPath,
    [jestBin, ...args, '--json', '--outputFile', outputFile],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (!existsSync(outputFile)) {
    console.error(`The ${name} suite did not report results (exit ${run.status}).`);
    return { passed: 0, failed: 1 };
  }
  const results = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A suite that fails to load has no failed tests of its own: count it as one failure.
  const brokenSuites = results.numRuntimeErrorTestSuites ?? 0;
  return { passed: results.numPassedTests, failed: results.numFailedTests + brokenSuites };
}

function main() {
  const argv = process.argv.slice(2);
  const unitOnly = argv.includes('--unit-only');
  const e2eOnly = argv.includes('--e2e-only');
  const extra = argv.filter((arg) => arg !== '--unit-only' && arg !== '--e2e-only');
  mkdirSync(resultsDir, { recursive: true });

  const suites: Totals[] = [];
  if (!e2eOnly) suites.push(runJest('unit', ['--config', 'jest.config.ts', ...extra]));
  if (!unitOnly)
    suites.push(runJest('e2e', ['--config', 'e2e/jest.config.ts', '--runInBand', ...extra]));

  const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
  const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main();
