// Build the SPA once for every spec (skipped when dist/ is current), and make the new PGlite folder every app
// starts from (see app.ts) beside it: the build runs here, initdb in a child process.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureSpaBuilt } from '../../scripts/spa-build';
import { ensurePgliteDataDir } from '../../server/src/db/initialise-pglite';

import { PGLITE_FOLDER_TEMPLATE } from './app';

export default async function globalSetup() {
  const folder = path.join(await mkdtemp(path.join(tmpdir(), 'qrv-e2e-pglite-')), 'pglite');
  await Promise.all([ensureSpaBuilt(), ensurePgliteDataDir(folder)]);
  // Workers start after the global set-up and inherit its environment.
  process.env[PGLITE_FOLDER_TEMPLATE] = folder;
}
