// Once before a run that starts many apps (the browser suite's global set-up): the SPA built (skipped when dist/ is
// current) and a new PGlite folder beside it that every startApp() copies (see app.ts); the build runs here, initdb
// in a child process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensurePgliteDataDir } from '../../server/src/db/initialise-pglite';
import { ensureSpaBuilt } from '../spa-build';

import { PGLITE_FOLDER_TEMPLATE } from './app';

export async function prepareApps(): Promise<void> {
  const folder = path.join(await mkdtemp(path.join(tmpdir(), 'qrv-e2e-pglite-')), 'pglite');
  await Promise.all([ensureSpaBuilt(), ensurePgliteDataDir(folder)]);
  // Processes started afterwards (jest's workers) inherit the environment.
  process.env[PGLITE_FOLDER_TEMPLATE] = folder;
}

/** Removes the PGlite folder prepareApps() made. */
export async function releaseApps(): Promise<void> {
  const folder = process.env[PGLITE_FOLDER_TEMPLATE];
  if (folder) await rm(path.dirname(folder), { recursive: true, force: true });
}
