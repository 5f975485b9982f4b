// One process per data folder: a second taker is refused with the holder named, whether the holder is this
// process or another; the kernel gives a killed holder's lock back, and the next taker says it took it over.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

import {
  DataDirInUse,
  LOCK_FILE_NAME,
  lockDataDir,
  type LockHolder,
} from '../../src/lib/data-dir-lock';
import { createTempDir } from '../helpers/test-app';

let parent: string;
let dataDir: string;

beforeEach(async () => {
  parent = await createTempDir();
  dataDir = path.join(parent, 'data');
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** Another process that takes the lock, says so on stdout, and waits to be killed. */
async function holdInChild(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--eval',
      `require(${JSON.stringify(path.resolve(__dirname, '../../src/lib/data-dir-lock.ts'))})` +
        `.lockDataDir(${JSON.stringify(dataDir)}, 'npm start'); console.log('held'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout!, 'data');
  return child;
}

test('a second taker in this process is refused, naming the holder, until the lock is released', () => {
  const lock = lockDataDir(dataDir, 'npm start');

  expect(() => lockDataDir(dataDir, 'npm run plans')).toThrow(DataDirInUse);
  expect(() => lockDataDir(dataDir, 'npm run plans')).toThrow(
    `The data folder ${dataDir} is in use by process ${process.pid} (npm start, on `,
  );

  lock.release();
  lockDataDir(dataDir, 'npm run plans').release();
});

test('the folder is made private and the lock file says who holds it', () => {
  const lock = lockDataDir(dataDir, 'npm start');
  try {
    const file = path.join(dataDir, LOCK_FILE_NAME);
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, command: 'npm start' });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  } finally {
    lock.release();
  }
});

test('a folder held by another process is refused; killed, its lock is taken over and said so', async () => {
  const child = await holdInChild();
  try {
    expect(() => lockDataDir(dataDir, 'npm start')).toThrow(`is in use by process ${child.pid}`);
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  const takenOver: LockHolder[] = [];
  const lock = lockDataDir(dataDir, 'npm start', (previous) => takenOver.push(previous));
  lock.release();

  expect(takenOver).toEqual([expect.objectContaining({ pid: child.pid, command: 'npm start' })]);
});

test('a clean release leaves nothing to take over', () => {
  lockDataDir(dataDir, 'npm start').release();
  const takenOver: LockHolder[] = [];

  lockDataDir(dataDir, 'npm start', (previous) => takenOver.push(previous)).release();

  expect(takenOver).toEqual([]);
});
