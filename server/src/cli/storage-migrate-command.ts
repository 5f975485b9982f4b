// `npm run storage:migrate`: copies the disk store into the bucket the S3_* settings name and checks every
// object's SHA-256 against its file (docs/storage.md).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ConfigError, loadConfig, type Environment } from '../config';
import { copyDiskToBucket, type CopySummary } from '../storage/copy-disk-to-bucket';
import { DiskStorage } from '../storage/disk-storage';
import { describeS3Bucket, openS3Storage, type S3Storage } from '../storage/s3-storage';

import { isParseArgsError, type CommandOutput } from './cli-support';

export const STORAGE_MIGRATE_USAGE = `Usage:
  npm run storage:migrate [-- --from <folder>]

Copies every file of the disk store into the S3 bucket that S3_BUCKET and the other S3_* settings name, then
reads each object back and checks its SHA-256 against the file. A file already copied (same size and the SHA-256
recorded at copy time) is not sent again, so running it again finishes an interrupted copy.

  --from <folder>  the disk store to copy; default: DATA_DIR/files.

Stop the app first, or run it while the app runs and once more after stopping it: a file written during a run
may be missed. Exit status: 0 when every file is in the bucket with the same SHA-256, 1 otherwise.`;

// Every so many files a line shows the command is still going.
const PROGRESS_EVERY = 1000;

/** A mistake in the settings or arguments: printed without a stack trace. */
class MigrateCommandError extends Error {}

async function diskStoreAt(root: string): Promise<DiskStorage> {
  const found = await stat(root).catch(() => null);
  if (!found?.isDirectory()) throw new MigrateCommandError(`No disk store at ${root}.`);
  return new DiskStorage(root);
}

interface OpenedBucket {
  target: S3Storage;
  /** Where it is, without keys, for the output. */
  description: string;
  dataDir: string;
}

async function openBucket(env: Environment): Promise<OpenedBucket> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new MigrateCommandError(error.message);
    throw error;
  }
  if (!config.S3_BUCKET) {
    throw new MigrateCommandError(
      'S3_BUCKET is not set: set it and the other S3_* settings to the bucket to copy into.',
    );
  }
  const settings = { ...config, S3_BUCKET: config.S3_BUCKET };
  const target = await openS3Storage(settings).catch((error: Error) =>
    Promise.reject(new MigrateCommandError(error.message)),
  );
  return { target, description: describeS3Bucket(settings), dataDir: config.DATA_DIR };
}

function printSummary(summary: CopySummary, output: CommandOutput): void {
  for (const key of summary.ignored) output.out(`Ignored ${key}: not a storage key.`);
  for (const key of summary.mismatches) output.err(`MISMATCH ${key}: the bucket's copy differs.`);
  for (const { key, reason } of summary.failures) output.err(`FAILED ${key}: ${reason}`);
  output.out(
    `Copied ${summary.copied}, skipped ${summary.skipped} (already copied), verified ${summary.verified}, ` +
      `mismatches ${summary.mismatches.length}, failed ${summary.failures.length}.`,
  );
}

/** The whole command as `npm run storage:migrate` runs it (storage-migrate.ts only adds the process around it). */
export async function runStorageMigrateCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  let target: S3Storage | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      output.out(STORAGE_MIGRATE_USAGE);
      return 0;
    }
    const opened = await openBucket(env);
    target = opened.target;
    // A relative --from is the user's: npm runs scripts from the project folder and says where it was called.
    const root = values.from
      ? path.resolve(env.INIT_CWD ?? process.cwd(), values.from)
      : path.join(opened.dataDir, 'files');
    const source = await diskStoreAt(root);
    output.out(`Copying ${source.root} into ${opened.description}.`);
    let checked = 0;
    const summary = await copyDiskToBucket(source, target, {
      onChecked: () => {
        checked += 1;
        if (checked % PROGRESS_EVERY === 0) output.out(`${checked} files checked…`);
      },
    });
    printSummary(summary, output);
    return summary.mismatches.length === 0 && summary.failures.length === 0 ? 0 : 1;
  } catch (error) {
    if (isParseArgsError(error))
      output.err(`${(error as Error).message}\n\n${STORAGE_MIGRATE_USAGE}`);
    else if (error instanceof MigrateCommandError) output.err(error.message);
    else throw error;
    return 1;
  } finally {
    target?.close();
  }
}
