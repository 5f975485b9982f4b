// Jest gives every test file a module registry of its own: the app's modules, the file's PGlite database and the
// securing workers were loaded again for each of ~130 server files, ~4 s of CPU a file (docs/testing.md). So a
// folder's tests are case files (`*.cases.ts`) that one jest file, named after the folder, runs together: each in
// a describe block named after it, sharing the registry, the database (emptied for every app) and the securing
// pools. A case file is written as a test file would be; its top-level hooks stay within its own block. Which jest
// file runs which case files is jest.config.ts's to say (`jestFileOf`).
import path from 'node:path';

declare global {
  /**
   * Set by jest.config.ts: for each jest file that runs case files (paths from the repository root), those it runs
   * in this run (all of its folder's, or a run's selection: the Postgres project, the Node 24 run).
   */
  var CASE_FILES: Record<string, string[]> | undefined;
}

const ROOT = path.resolve(__dirname, '../../..');
const CASE_FILE = /\.cases\.ts$/;

/** Runs the case files jest.config.ts gives `jestFile` (the caller's `__filename`), each in a describe block. */
export function runCaseFiles(jestFile: string): void {
  // Before the app's modules load: every app of the jest file shares its securing workers (securingPoolsPerFile).
  jest.doMock('../../src/documents/securing-pool', () =>
    jest.requireActual('./verifications').securingPoolsPerFile(),
  );
  const { closeCaseFileApps } = jest.requireActual<typeof import('./test-app')>('./test-app');
  const files = (globalThis.CASE_FILES?.[path.relative(ROOT, jestFile)] ?? [])
    .map((file) => path.join(ROOT, file))
    .sort();
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
