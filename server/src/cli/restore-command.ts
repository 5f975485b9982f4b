// `npm run restore -- --from <snapshot or backup>`: puts a snapshot (DATA_DIR/backups/snapshot-…, taken by the
// server while it runs) or a backup (`npm run backup`) back into a stopped single-process installation. What it
// replaces is moved aside, never deleted: DATA_DIR/<name>.before-restore-<time>. It holds DATA_DIR while it
// works, so it is refused beside a running server, and it opens the restored database once to prove it opens.
import { existsSync } from 'node:fs';
import { copyFile, cp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { PGlite } from '@electric-sql/pglite';

import { databaseTargetFromConfig, openDatabase } from '../db/open-database';
import { latestSnapshot, timestampForName } from '../db/pglite-snapshot';
import { linkTree } from '../lib/link-tree';
import { SEAL_MASTER_KEY_FILE } from '../services/seals/seal-master-key';

import {
  isParseArgsError,
  loadCommandConfig,
  withDataDirHeld,
  type CommandOutput,
} from './cli-support';

import type { Config, Environment } from '../config';

export const RESTORE_USAGE = `Usage: npm run restore -- --from <snapshot or backup folder>

Stop the server first. Puts back into DATA_DIR:
  the database        from pglite/ (a snapshot in DATA_DIR/backups) or pglite.tar.gz (npm run backup)
  files/              the documents, when the snapshot or backup has them
  seal-master-key     the generated key that encrypts the seal signing keys, when it has one
What it replaces is kept beside it as <name>.before-restore-<time>; remove that once the server works.
--from latest takes the newest snapshot in DATA_DIR/backups.`;

/** A reason not to restore, printed as it is. */
class RestoreRefused extends Error {}

interface RestoreSource {
  folder: string;
  database: { kind: 'folder'; path: string } | { kind: 'dump'; path: string };
  files: string | null;
  sealKey: string | null;
}

function parseRestoreArgs(argv: string[], config: Config, cwd: string): string | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  if (!values.from) throw new RestoreRefused(`--from is required.\n\n${RESTORE_USAGE}`);
  if (values.from !== 'latest') return path.resolve(cwd, values.from);
  const latest = latestSnapshot(config.DATA_DIR);
  if (!latest) throw new RestoreRefused(`There is no snapshot in ${config.DATA_DIR}/backups.`);
  return latest;
}

function findSource(folder: string, config: Config): RestoreSource {
  if (path.resolve(folder) === path.resolve(config.DATA_DIR)) {
    throw new RestoreRefused(`${folder} is DATA_DIR itself: name a snapshot or a backup in it.`);
  }
  const present = (name: string) =>
    existsSync(path.join(folder, name)) ? path.join(folder, name) : null;
  const databaseFolder = present('pglite');
  const dump = present('pglite.tar.gz');
  if (!databaseFolder && !dump) {
    throw new RestoreRefused(
      `${folder} is not a snapshot or a backup: it has neither pglite/ nor pglite.tar.gz.`,
    );
  }
  return {
    folder,
    database: databaseFolder
      ? { kind: 'folder', path: databaseFolder }
      : { kind: 'dump', path: dump! },
    files: present('files'),
    sealKey: present(SEAL_MASTER_KEY_FILE),
  };
}

async function writeDatabase(source: RestoreSource, destination: string): Promise<void> {
  if (source.database.kind === 'folder') {
    await cp(source.database.path, destination, { recursive: true });
    return;
  }
  const dump = new Blob([new Uint8Array(await readFile(source.database.path))]);
  const client = await PGlite.create(destination, { loadDataDir: dump });
  await client.close();
}

/** Moves `target` aside when it exists; answers where it went. */
async function moveAside(target: string, suffix: string): Promise<string | null> {
  if (!existsSync(target)) return null;
  const aside = `${target}.before-restore-${suffix}`;
  await rename(target, aside);
  return aside;
}

/** Writes each part beside its place and renames it in, so a failed restore leaves the folder as it was. */
async function restore(source: RestoreSource, config: Config): Promise<string[]> {
  const suffix = timestampForName(new Date());
  const pgliteDir = path.join(config.DATA_DIR, 'pglite');
  const restoring = `${pgliteDir}.restoring`;
  await rm(restoring, { recursive: true, force: true });
  await writeDatabase(source, restoring);
  const movedAside = [await moveAside(pgliteDir, suffix)];
  await rename(restoring, pgliteDir);
  if (source.files && !config.S3_BUCKET) {
    const filesDir = path.join(config.DATA_DIR, 'files');
    movedAside.push(await moveAside(filesDir, suffix));
    await linkTree(source.files, filesDir);
  }
  if (source.sealKey && !config.SEAL_MASTER_KEY) {
    const keyFile = path.join(config.DATA_DIR, SEAL_MASTER_KEY_FILE);
    movedAside.push(await moveAside(keyFile, suffix));
    await copyFile(source.sealKey, keyFile);
  }
  return movedAside.filter((aside): aside is string => aside !== null);
}

/** Opens the restored database as the server will (replaying a snapshot's WAL) and closes it. */
async function proveItOpens(config: Config): Promise<void> {
  const { db } = await openDatabase(databaseTargetFromConfig(config), {
    error: () => undefined,
  });
  await db.destroy();
}

export async function runRestoreCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  const config = loadCommandConfig(env, output);
  if (!config) return 1;
  try {
    if (config.DATABASE_URL) {
      throw new RestoreRefused(
        'DATABASE_URL is set: restore the Postgres database with pg_restore (docs/deployment.md, "Crashes and backups").',
      );
    }
    const from = parseRestoreArgs(argv, config, env.INIT_CWD ?? process.cwd());
    if (from === 'help') {
      output.out(RESTORE_USAGE);
      return 0;
    }
    const source = findSource(from, config);
    return await withDataDirHeld(config, 'npm run restore', output, async () => {
      const movedAside = await restore(source, config);
      await proveItOpens(config);
      output.out(`Restored ${config.DATA_DIR} from ${source.folder}.`);
      for (const aside of movedAside) output.out(`  kept what it replaced in ${aside}`);
      output.out('Start the server; remove the .before-restore folders once it works.');
      return 0;
    });
  } catch (error) {
    if (!(error instanceof RestoreRefused || isParseArgsError(error))) throw error;
    output.err((error as Error).message);
    return 1;
  }
}
