// The embedded database's one-process rule, applied by every entry point that opens DATA_DIR's database: the
// server and the commands. A Postgres server admits many processes, so with DATABASE_URL nothing is held.
import { chmodSync, mkdirSync } from 'node:fs';

import { lockDataDir, type DataDirLock, type LockHolder } from '../lib/data-dir-lock';

import { databaseTargetFromConfig } from './open-database';

import type { Config } from '../config';

function describeTakeOver(dataDir: string, previous: LockHolder): string {
  return (
    `Took over the data folder ${dataDir} from process ${previous.pid} (${previous.command}, since ` +
    `${previous.started_at}), which ended without giving it back.`
  );
}

/** DATA_DIR holds documents, the database and (dev mailbox) one-time codes: its owner's alone. */
function makePrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dataDir, 0o700);
  } catch {
    // A folder another user owns (a mounted volume) keeps its mode: not this process's to change.
  }
}

/**
 * Makes DATA_DIR private and holds it for `command` until the process ends or the lock is released; throws
 * DataDirInUse (its message names the holder) when a live process has it. `log` hears of a lock taken over from
 * a dead process.
 */
export function holdDataDir(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  command: string,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): DataDirLock | null {
  makePrivate(config.DATA_DIR);
  if (databaseTargetFromConfig(config).driver !== 'pglite') return null;
  return lockDataDir(config.DATA_DIR, command, (previous) =>
    log(describeTakeOver(config.DATA_DIR, previous)),
  );
}
