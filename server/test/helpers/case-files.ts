// Jest gives every test file a module registry of its own: the app's modules, the file's PGlite database and the
// securing workers were loaded again for each of ~130 server files, ~4 s of CPU a file (docs/testing.md). So a
// folder's tests are case files (`*.cases.ts`) that one jest file, named after the folder, runs together: each in
// a describe block named after it, sharing the registry, the database (emptied for every app) and the securing
// pools. A case file is written as a test file would be; its top-level hooks stay within its own block.
import { readdirSync } from 'node:fs';
import path from 'node:path';

declare global {
  /**
   * Set by jest.config.ts for a run that takes some case files only (the Postgres project, the Node 24 run): their
   * paths from the repository root. Empty: every case file.
   */
  var CASE_FILES: string[] | undefined;
}

const ROOT = path.resolve(__dirname, '../../..');
const CASE_FILE = /\.cases\.ts$/;

function isSelected(file: string): boolean {
  const selected = globalThis.CASE_FILES ?? [];
  return selected.length === 0 || selected.includes(path.relative(ROOT, file));
}

/** Runs the case files in `folder` (not below it), each in a describe block, in name order. */
export function runCaseFiles(folder: string): void {
  // Before the app's modules load: every app of the jest file shares its securing workers (securingPoolsPerFile).
  jest.doMock('../../src/documents/securing-pool', () =>
    jest.requireActual('./verifications').securingPoolsPerFile(),
  );
  const { closeCaseFileApps } = jest.requireActual<typeof import('./test-app')>('./test-app');
  const files = readdirSync(folder)
    .filter((file) => CASE_FILE.test(file))
    .sort()
    .map((file) => path.join(folder, file))
    .filter(isSelected);
  for (const file of files) {
    describe(path.basename(file).replace(CASE_FILE, ''), () => {
      // Synchronously, inside the block, so that the file's tests and hooks are the block's (import() is async).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(file);
      // After the case file's own afterAll hooks: what it left open is closed before the next one starts.
      afterAll(closeCaseFileApps);
    });
  }
}
