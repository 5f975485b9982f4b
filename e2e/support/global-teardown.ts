// Removes the PGlite folder template the global set-up made.
import { rm } from 'node:fs/promises';
import path from 'node:path';

import { PGLITE_FOLDER_TEMPLATE } from './app';

export default async function globalTeardown() {
  const folder = process.env[PGLITE_FOLDER_TEMPLATE];
  if (folder) await rm(path.dirname(folder), { recursive: true, force: true });
}
