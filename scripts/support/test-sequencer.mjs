// @ts-check
// Runs the longest test files first, so that the run does not end on one worker with a long file while the others
// idle. Jest orders by the durations it recorded in its cache, and by file size when it has none: on a fresh clone
// (CI) it has none, and a folder's jest file, which runs the folder's case files (server/test/helpers/
// case-files.ts), is a few lines long, so the longest files of the run started last. A file with no recorded
// duration is given one from the bytes it runs, at its project's rate.
// JavaScript, not TypeScript: jest loads the sequencer after its config loader's ts-node is off.
import { statSync } from 'node:fs';
import path from 'node:path';

import TestSequencer from '@jest/test-sequencer';

// Seconds a kilobyte of test code takes, measured on the 2-core CI machine with three workers (server files open
// apps and databases; the SPA's render screens in jsdom; the tooling's start processes).
/** @type {Record<string, number>} */
const SECONDS_PER_KB = {
  'server:pglite': 0.6,
  'server:postgres': 0.6,
  spa: 0.8,
  tooling: 8,
};
const DEFAULT_SECONDS_PER_KB = 0.6;

/** @typedef {import('@jest/test-result').Test} Test */

/** @param {string} file */
function sizeInKb(file) {
  return statSync(file).size / 1024;
}

/**
 * The case files a jest file runs in this run, as jest.config.ts lists them (CASE_FILES).
 * @param {Test} test
 * @returns {string[]}
 */
function caseFilesRunBy(test) {
  const { globals, rootDir } = test.context.config;
  const byJestFile = /** @type {Record<string, string[]> | undefined} */ (globals.CASE_FILES) ?? {};
  return (byJestFile[path.relative(rootDir, test.path)] ?? []).map((file) =>
    path.join(rootDir, file),
  );
}

/** @param {Test} test */
function estimatedMilliseconds(test) {
  const project = String(test.context.config.displayName?.name ?? '');
  const kb = [test.path, ...caseFilesRunBy(test)].reduce((sum, file) => sum + sizeInKb(file), 0);
  return kb * (SECONDS_PER_KB[project] ?? DEFAULT_SECONDS_PER_KB) * 1000;
}

export default class LongestFirstSequencer extends TestSequencer {
  /** @param {Array<Test>} tests */
  sort(tests) {
    for (const test of tests) test.duration = this.time(test) ?? estimatedMilliseconds(test);
    return [...tests].sort((a, b) => {
      const failedFirst = Number(this.hasFailed(b)) - Number(this.hasFailed(a));
      return failedFirst || (b.duration ?? 0) - (a.duration ?? 0);
    });
  }
}
