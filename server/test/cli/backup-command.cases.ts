// `npm run backup` on a single-process installation: the database, the documents and the generated seal key end up
// in a timestamped folder that restores; it refuses while the database is open, and on a Postgres server.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { runBackupCli } from '../../src/cli/backup-command';
import { lockDataDir } from '../../src/lib/data-dir-lock';
import { createPgliteFolder } from '../helpers/database-templates';
import { createTempDir } from '../helpers/test-app';

let dataDir: string;
let backups: string;
let lines: { out: string[]; err: string[] };

const output = {
  out: (line: string) => lines.out.push(line),
  err: (line: string) => lines.err.push(line),
};

function backup(env: Record<string, string> = {}): Promise<number> {
  return runBackupCli(['--to', backups], { DATA_DIR: dataDir, ...env }, output);
}

beforeAll(async () => {
  dataDir = await createTempDir();
  await createPgliteFolder(path.join(dataDir, 'pglite'));
  const client = await PGlite.create(path.join(dataDir, 'pglite'));
  await client.exec(
    `create table diplomas (holder text); insert into diplomas values ('Grace Hopper')`,
  );
  await client.close();
  await mkdir(path.join(dataDir, 'files', 'secured'), { recursive: true });
  await writeFile(path.join(dataDir, 'files', 'secured', 'a.pdf'), '%PDF-1.7 secured');
  await writeFile(path.join(dataDir, 'seal-master-key'), 'the generated key\n', { mode: 0o600 });
});

beforeEach(async () => {
  backups = await createTempDir('qrv-backups-');
  lines = { out: [], err: [] };
});

afterEach(async () => {
  await rm(backups, { recursive: true, force: true });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('copies the database, the documents and the generated seal key into a timestamped folder', async () => {
  expect(await backup()).toBe(0);

  const [folder] = await readdir(backups);
  expect(folder).toMatch(/^qr-verify-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
  const copy = path.join(backups, folder!);
  const dump = await readFile(path.join(copy, 'pglite.tar.gz'));
  const restored = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)]) });
  expect((await restored.query('select holder from diplomas')).rows).toEqual([
    { holder: 'Grace Hopper' },
  ]);
  await restored.close();
  expect(await readFile(path.join(copy, 'files', 'secured', 'a.pdf'), 'utf8')).toBe(
    '%PDF-1.7 secured',
  );
  const key = path.join(copy, 'seal-master-key');
  expect(await readFile(key, 'utf8')).toBe('the generated key\n');
  expect((await stat(key)).mode & 0o777).toBe(0o600);
  expect(lines.out[0]).toBe(`Backed up to ${copy}:`);
});

test('says what is not in it: a bucket, and a master key set in the environment', async () => {
  expect(await backup({ S3_BUCKET: 'documents', SEAL_MASTER_KEY: 'a'.repeat(64) })).toBe(0);

  const [folder] = await readdir(backups);
  expect(await readdir(path.join(backups, folder!))).toEqual(['pglite.tar.gz']);
  expect(lines.out).toEqual(
    expect.arrayContaining([
      expect.stringContaining('in the bucket documents'),
      expect.stringContaining('SEAL_MASTER_KEY is set: keep it with this backup'),
    ]),
  );
});

test('refuses while a server holds the data folder, naming it, and writes nothing', async () => {
  const server = lockDataDir(dataDir, 'npm start');
  try {
    expect(await backup()).toBe(1);
  } finally {
    server.release();
  }

  expect(lines.err).toEqual([
    expect.stringContaining(`is in use by process ${process.pid} (npm start`),
  ]);
  expect(await readdir(backups)).toEqual([]);
});

test('backs up a folder a killed server left open (postmaster.pid still there)', async () => {
  await writeFile(path.join(dataDir, 'pglite', 'postmaster.pid'), '4242\n');

  expect(await backup()).toBe(0);

  expect(lines.out[0]).toMatch(/^Backed up to /);
});

test('refuses on a Postgres server, pointing at pg_dump', async () => {
  expect(await backup({ DATABASE_URL: 'postgres://localhost/qrverify' })).toBe(1);

  expect(lines.err).toEqual([expect.stringContaining('pg_dump')]);
});

test('refuses when there is no database to back up', async () => {
  const empty = await createTempDir();
  try {
    expect(await runBackupCli([], { DATA_DIR: empty }, output)).toBe(1);
  } finally {
    await rm(empty, { recursive: true, force: true });
  }

  expect(lines.err).toEqual([expect.stringContaining('No database in')]);
});
