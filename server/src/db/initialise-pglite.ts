// Creates a PGlite data folder in a short-lived child process. PGlite runs initdb in two WASM instances of its
// own beside the database's, and a process that did so keeps several hundred MB it never uses again (a worker
// thread still leaves about 150 MB behind); a child's memory goes when it exits. The folder is made beside its
// place and renamed into it, so a start interrupted midway leaves no half-made database to open next time.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// Plain JavaScript, so the child starts without tsx; PGlite comes by absolute path, resolved here.
const INITIALISE_SCRIPT = `
const [pglitePath, dataDir] = process.argv.slice(1);
require(pglitePath).PGlite.create(dataDir).then((db) => db.close());
`;

async function initialiseInChild(dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--eval', INITIALISE_SCRIPT, require.resolve('@electric-sql/pglite'), dataDir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errorOutput = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errorOutput += chunk));
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  if (exitCode !== 0) {
    throw new Error(`Initialising the PGlite folder ${dataDir} failed: ${errorOutput.trim()}`);
  }
}

/** Initialises the folder unless it already holds a database. */
export async function ensurePgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await mkdir(path.dirname(dataDir), { recursive: true });
  const newDir = await mkdtemp(`${dataDir}.new-`);
  try {
    await initialiseInChild(newDir);
    // Replaces an empty folder; one with other files in it is refused (ENOTEMPTY) rather than overwritten.
    await rename(newDir, dataDir);
  } finally {
    await rm(newDir, { recursive: true, force: true });
  }
}
