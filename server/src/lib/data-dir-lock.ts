// One process at a time on a data folder: the embedded database admits one, and a second process that opens it
// (a second server, a command beside a running server) loses writes or damages it. The lock is an open file
// description lock (fcntl F_OFD_SETLK, flock on macOS) on DATA_DIR/qr-verify.lock: the kernel drops it when the
// holder dies, however it dies, so a crash never leaves a lock to clean up by hand. The file says who holds it.
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'qr-verify.lock';

/** What the lock file says of its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  started_at: string;
}

export interface DataDirLock {
  /** Gives the folder back (the kernel does so anyway when the process ends). */
  release(): void;
}

/** The folder is held by a live process: the message names it and says what to do. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${describeHolder(holder)}. Only one process may use a data ` +
        'folder at a time: stop that one first (or give this one another DATA_DIR).',
    );
  }
}

interface FileLocks {
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
}

function describeHolder(holder: LockHolder | null): string {
  if (!holder) return 'another process';
  return `process ${holder.pid} (${holder.command}, on ${holder.host} since ${holder.started_at})`;
}

/** The native locks, or null where no build of the addon exists for this platform. */
function loadFileLocks(): FileLocks | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional at run time, see below
    return require('fs-native-extensions') as FileLocks;
  } catch {
    return null;
  }
}

function readHolder(fd: number): LockHolder | null {
  const text = readFileSync(fd, 'utf8').trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    return null;
  }
}

function isRunningHere(holder: LockHolder): boolean {
  if (holder.host !== hostname() || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock on `dataDir` (creating the folder, private) for `command`, or throws DataDirInUse at once.
 * `onTakeOver` hears of a lock file left by a process that ended without giving the folder back.
 */
export function lockDataDir(
  dataDir: string,
  command: string,
  onTakeOver: (previous: LockHolder) => void = () => undefined,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o600);
  const previous = readHolder(fd);
  const locks = loadFileLocks();
  // Without the addon, a process still running under the recorded pid is the best evidence there is.
  const isHeld = locks ? !locks.tryLock(fd) : previous !== null && isRunningHere(previous);
  if (isHeld) {
    closeSync(fd);
    throw new DataDirInUse(dataDir, previous);
  }
  // A clean release empties the file, so a holder still named here ended without one (killed, a power cut).
  if (previous) onTakeOver(previous);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command,
    started_at: new Date().toISOString(),
  };
  ftruncateSync(fd, 0);
  writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
  return {
    release() {
      // The file stays: removing it would let a process that opened it before lock a file nobody else sees.
      ftruncateSync(fd, 0);
      locks?.unlock(fd);
      closeSync(fd);
    },
  };
}
