// Snapshots of the embedded database while the server runs, and `npm run restore` from one: taken at start,
// consistent while writes go on, rotated to BACKUP_KEEP, with the documents; a damaged folder is explained and
// restored from the latest, the documents and the rows agreeing again.
import { existsSync } from 'node:fs';
import fsPromises, { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { buildApp } from '../../../src/app';
import { runRestoreCli } from '../../../src/cli/restore-command';
import { loadConfig } from '../../../src/config';
import { DatabaseUnreadable, openDatabase } from '../../../src/db/open-database';
import { listSnapshots, SnapshotInterrupted } from '../../../src/db/pglite-snapshot';
import { lockDataDir } from '../../../src/lib/data-dir-lock';
import { buildSnapshotServices } from '../../../src/services/backups/snapshot-services';
import { createPgliteFolder } from '../../helpers/database-templates';
import { fastPasswordHasher } from '../../helpers/fast-password-hasher';
import { createTempDir } from '../../helpers/test-app';
import {
  createVerification,
  insertSignedInUser,
  securingPoolsPerFile,
} from '../../helpers/verifications';

import type { Queue } from '../../../src/queue/queue';
import type { FastifyInstance } from 'fastify';

jest.mock('../../../src/documents/securing-pool', () =>
  jest.requireActual('../../helpers/verifications').securingPoolsPerFile(),
);
void securingPoolsPerFile;

let dataDir: string;
let lines: { out: string[]; err: string[] };
const output = {
  out: (line: string) => lines.out.push(line),
  err: (line: string) => lines.err.push(line),
};

function startApp(env: Record<string, string> = {}): FastifyInstance {
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  return buildApp({
    config,
    database: { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    passwordHasher: fastPasswordHasher,
  });
}

async function waitForSnapshots(count: number): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  while (listSnapshots(dataDir).length < count) {
    if (Date.now() > deadline) throw new Error('No snapshot was taken');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return listSnapshots(dataDir);
}

beforeEach(async () => {
  dataDir = await createTempDir();
  await createPgliteFolder(path.join(dataDir, 'pglite'));
  lines = { out: [], err: [] };
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('a snapshot taken while writes go on restores a damaged folder, rows and documents agreeing', async () => {
  let app = startApp();
  await app.ready();
  await waitForSnapshots(1);
  const owner = await insertSignedInUser(app.db, app.config);
  const kept = await createVerification(app, owner);
  // Accounts written while the snapshot is copied: whichever it holds, it must open whole.
  const [{ folder }] = await Promise.all([
    app.services.snapshots.takeSnapshot(new Date(Date.now() + 1_000)),
    ...Array.from({ length: 20 }, () => insertSignedInUser(app.db, app.config)),
  ]);
  await app.close();
  expect(await readdir(path.join(folder, 'files', 'verifications'))).toEqual([kept.id]);

  // Damaged as a second process or a power cut would leave it.
  await writeFile(path.join(dataDir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 7));
  const opening = openDatabase(
    { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    {
      error: () => undefined,
    },
  );
  await expect(opening).rejects.toThrow(DatabaseUnreadable);
  await expect(opening).rejects.toThrow(`npm run restore -- --from ${folder}`);

  expect(await runRestoreCli(['--from', folder], { DATA_DIR: dataDir }, output)).toBe(0);
  expect(lines.out[0]).toBe(`Restored ${dataDir} from ${folder}.`);
  expect(existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(false);

  app = startApp({ BACKUP_INTERVAL_HOURS: '0' });
  try {
    const response = await app.inject({
      method: 'GET',
      url: `/api/verifications/${kept.id}/`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    for (const file of ['document', 'original']) {
      const download = await app.inject({
        method: 'GET',
        url: `/api/verifications/${kept.id}/${file}/`,
        headers: owner.headers,
      });
      expect(download.statusCode).toBe(200);
    }
  } finally {
    await app.close();
  }
});

test('a copy a checkpoint ran through is not kept: none while checkpoints go on, a whole one after', async () => {
  // A stand-in database folder: real checkpoints on a loaded machine are too slow to be sure one lands in each
  // of the copies.
  const pgliteDir = path.join(dataDir, 'fake-pglite');
  await mkdir(path.join(pgliteDir, 'global'), { recursive: true });
  await mkdir(path.join(pgliteDir, 'pg_wal'), { recursive: true });
  await mkdir(path.join(pgliteDir, 'base'), { recursive: true });
  await writeFile(path.join(pgliteDir, 'base', 'table'), 'rows');
  await writeFile(path.join(pgliteDir, 'pg_wal', 'segment'), 'log');
  const control = path.join(pgliteDir, 'global', 'pg_control');
  await writeFile(control, 'checkpoint 0');
  const readFileAsIs = fsPromises.readFile;
  const snapshots = buildSnapshotServices({
    pgliteDir,
    queue: {} as Queue,
    config: loadConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: '0' }),
  });

  // Every read of pg_control finds a newer checkpoint, as if one ran during each copy.
  let checkpoint = 0;
  const readsOfControl = jest
    .spyOn(fsPromises, 'readFile')
    .mockImplementation(async (file, options) =>
      String(file) === control
        ? Buffer.from(`checkpoint ${(checkpoint += 1)}`)
        : readFileAsIs(file, options),
    );
  try {
    await expect(snapshots.takeSnapshot()).rejects.toThrow(SnapshotInterrupted);
  } finally {
    readsOfControl.mockRestore();
  }
  expect(await readdir(path.join(dataDir, 'backups'))).toEqual([]);

  const { folder } = await snapshots.takeSnapshot();
  expect(listSnapshots(dataDir)).toEqual([folder]);
  expect(await readFile(path.join(folder, 'pglite', 'global', 'pg_control'), 'utf8')).toBe(
    await readFile(control, 'utf8'),
  );
  expect(await readFile(path.join(folder, 'pglite', 'pg_wal', 'segment'), 'utf8')).toBe('log');
});

test('only the newest BACKUP_KEEP snapshots are kept', async () => {
  const app = startApp({ BACKUP_KEEP: '2', BACKUP_INTERVAL_HOURS: '0' });
  try {
    await app.ready();
    const taken = [];
    for (const day of [1, 2, 3]) {
      taken.push(
        (await app.services.snapshots.takeSnapshot(new Date(`2026-01-0${day}T00:00:00Z`))).folder,
      );
    }

    expect(listSnapshots(dataDir)).toEqual(taken.slice(1));
  } finally {
    await app.close();
  }
});

test('restore is refused while a process holds the data folder, and changes nothing', async () => {
  const snapshot = path.join(dataDir, 'elsewhere');
  await mkdir(path.join(snapshot, 'pglite'), { recursive: true });
  const before = await readdir(path.join(dataDir, 'pglite'));
  const server = lockDataDir(dataDir, 'npm start');
  try {
    expect(await runRestoreCli(['--from', snapshot], { DATA_DIR: dataDir }, output)).toBe(1);
  } finally {
    server.release();
  }

  expect(lines.err).toEqual([expect.stringContaining(`is in use by process ${process.pid}`)]);
  expect(await readdir(path.join(dataDir, 'pglite'))).toEqual(before);
});

test('restore refuses a folder that is neither a snapshot nor a backup, and DATA_DIR itself', async () => {
  const documents = path.join(dataDir, 'files');
  await mkdir(documents);

  expect(await runRestoreCli(['--from', documents], { DATA_DIR: dataDir }, output)).toBe(1);
  expect(await runRestoreCli(['--from', dataDir], { DATA_DIR: dataDir }, output)).toBe(1);

  expect(lines.err).toEqual([
    expect.stringContaining('is not a snapshot or a backup'),
    expect.stringContaining('is DATA_DIR itself'),
  ]);
});
