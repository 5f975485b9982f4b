// `npm run backup`: a copy of a single-process installation (embedded PGlite) in a timestamped folder: the database
// as PGlite dumps it (pglite.tar.gz), the stored documents (DATA_DIR/files) and the generated seal master key. The
// server must be stopped: PGlite lets one process open its folder, so the command holds DATA_DIR and is refused
// beside a running server (which takes snapshots of its own, DATA_DIR/backups). A Postgres server is backed up
// with pg_dump instead (docs/deployment.md, "Crashes and backups").
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { PGlite } from '@electric-sql/pglite';

import { databaseTargetFromConfig } from '../db/open-database';
import { timestampForName } from '../db/pglite-snapshot';
import { SEAL_MASTER_KEY_FILE } from '../services/seals/seal-master-key';

import {
  isParseArgsError,
  loadCommandConfig,
  withDataDirHeld,
  type CommandOutput,
} from './cli-support';

import type { Config, Environment } from '../config';

export const BACKUP_USAGE = `Usage: npm run backup [-- --to <folder>]

Stop the server first. Writes <folder>/qr-verify-backup-<date and time>/ (the folder defaults to backups/ beside
DATA_DIR) with:
  pglite.tar.gz     the database
  files/            uploaded and secured documents, logos (unless they are in S3_BUCKET)
  seal-master-key   the key generated in DATA_DIR that encrypts the seal signing keys (unless SEAL_MASTER_KEY is set)
Restore into a stopped installation: extract the database into an empty DATA_DIR/pglite
(tar -xzf pglite.tar.gz -C DATA_DIR/pglite --exclude=postmaster.pid), copy files/ and seal-master-key into
DATA_DIR, and start the server (docs/deployment.md, "Backups").`;

/** A reason not to back up, printed as it is. */
class BackupRefused extends Error {}

interface BackupPlan {
  pgliteDir: string;
  filesDir: string | null;
  sealKeyFile: string | null;
  destination: string;
}

function parseBackupArgs(argv: string[], config: Config, cwd: string): string | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  const folder = values.to
    ? path.resolve(cwd, values.to)
    : path.join(path.dirname(config.DATA_DIR), 'backups');
  return path.join(folder, `qr-verify-backup-${timestampForName(new Date())}`);
}

function planBackup(config: Config, destination: string): BackupPlan {
  const target = databaseTargetFromConfig(config);
  if (target.driver !== 'pglite' || !target.dataDir) {
    throw new BackupRefused(
      'DATABASE_URL is set: back up the Postgres database with pg_dump, and the files where they are kept ' +
        '(docs/deployment.md, "Backups").',
    );
  }
  const pgliteDir = target.dataDir;
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupRefused(
      `No database in ${pgliteDir}: nothing to back up (is DATA_DIR right?).`,
    );
  }
  const filesDir = path.join(config.DATA_DIR, 'files');
  const sealKeyFile = path.join(config.DATA_DIR, SEAL_MASTER_KEY_FILE);
  return {
    pgliteDir,
    filesDir: !config.S3_BUCKET && existsSync(filesDir) ? filesDir : null,
    sealKeyFile: !config.SEAL_MASTER_KEY && existsSync(sealKeyFile) ? sealKeyFile : null,
    destination,
  };
}

async function dumpPglite(pgliteDir: string, file: string): Promise<void> {
  const client = await PGlite.create(pgliteDir);
  try {
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Writes the backup beside its place and renames it in, so a folder without .partial is a whole backup. */
async function writeBackup(plan: BackupPlan): Promise<number> {
  const partial = `${plan.destination}.partial`;
  await mkdir(partial, { recursive: true });
  try {
    const dumpFile = path.join(partial, 'pglite.tar.gz');
    await dumpPglite(plan.pgliteDir, dumpFile);
    if (plan.filesDir) await cp(plan.filesDir, path.join(partial, 'files'), { recursive: true });
    if (plan.sealKeyFile) {
      const keyCopy = path.join(partial, SEAL_MASTER_KEY_FILE);
      await cp(plan.sealKeyFile, keyCopy);
      await chmod(keyCopy, 0o600);
    }
    const { size } = await stat(dumpFile);
    await rename(partial, plan.destination);
    return size;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

function summary(plan: BackupPlan, config: Config, dumpBytes: number): string[] {
  const megabytes = (dumpBytes / 1024 / 1024).toFixed(1);
  return [
    `Backed up to ${plan.destination}:`,
    `  pglite.tar.gz    the database (${megabytes} MB)`,
    ...(plan.filesDir ? ['  files/           the documents and logos'] : []),
    ...(plan.sealKeyFile ? ['  seal-master-key  the key that encrypts the seal signing keys'] : []),
    ...(config.S3_BUCKET
      ? [
          `The documents are in the bucket ${config.S3_BUCKET}: back it up with your storage's tools.`,
        ]
      : []),
    ...(config.SEAL_MASTER_KEY
      ? [
          'SEAL_MASTER_KEY is set: keep it with this backup (the seal keys cannot be used without it).',
        ]
      : []),
  ];
}

/**
 * The whole command as `npm run backup` runs it (backup.ts only adds the process around it): reads the settings
 * from `env` (INIT_CWD, where npm was run from, resolves --to) and answers the exit code.
 */
export async function runBackupCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  const config = loadCommandConfig(env, output);
  if (!config) return 1;
  try {
    const destination = parseBackupArgs(argv, config, env.INIT_CWD ?? process.cwd());
    if (destination === 'help') {
      output.out(BACKUP_USAGE);
      return 0;
    }
    const plan = planBackup(config, destination);
    return await withDataDirHeld(config, 'npm run backup', output, async () => {
      // Opened by this process alone (the lock), a folder left by a killed server is recovered as it opens.
      const dumpBytes = await writeBackup(plan);
      for (const line of summary(plan, config, dumpBytes)) output.out(line);
      return 0;
    });
  } catch (error) {
    if (!(error instanceof BackupRefused || isParseArgsError(error))) throw error;
    output.err((error as Error).message);
    return 1;
  }
}
