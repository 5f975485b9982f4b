import fs from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'kysely';

import {
  DatabaseUnreadable,
  describeDatabaseTarget,
  openDatabase,
  prepareDatabase,
} from '../../src/db/open-database';
import { createTempDir } from '../helpers/test-app';

const silentLog = { error: () => undefined };

let dir: string;
// A folder openDatabase created (not prepared first), holding a table with one row and then closed: initialising
// a folder takes seconds, so the tests that only reopen or prepare it share this one.
let written: { driver: 'pglite'; dataDir: string };
let sharedDir: string;

beforeAll(async () => {
  sharedDir = await createTempDir();
  written = { driver: 'pglite', dataDir: path.join(sharedDir, 'pglite') };
  const first = await openDatabase(written, silentLog);
  await first.db.schema.createTable('notes').addColumn('body', 'text').execute();
  await first.db
    .insertInto('notes' as never)
    .values({ body: 'kept' } as never)
    .execute();
  await first.db.destroy();
});

afterAll(async () => {
  await rm(sharedDir, { recursive: true, force: true });
});

beforeEach(async () => {
  dir = await createTempDir();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readNotes(target: { driver: 'pglite'; dataDir: string }) {
  const { db } = await openDatabase(target, silentLog);
  try {
    const tables = await db.introspection.getTables();
    const rows = await db
      .selectFrom('notes' as never)
      .selectAll()
      .execute();
    return { tables: tables.map((table) => table.name), rows };
  } finally {
    await db.destroy();
  }
}

test('data written to a PGlite folder survives closing and reopening it', async () => {
  expect((await readNotes(written)).rows).toEqual([{ body: 'kept' }]);
});

test('a PGlite folder is opened with small shared buffers, whether prepared first or not', async () => {
  const prepared = { driver: 'pglite', dataDir: path.join(dir, 'prepared') } as const;
  await prepareDatabase(prepared);

  for (const target of [prepared, written]) {
    const { db } = await openDatabase(target, silentLog);
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
    await db.destroy();
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  }
});

test('a PGlite folder is opened with fsync on, and a commit reaches the disk through fsync', async () => {
  const { db } = await openDatabase(written, silentLog);
  const fsync = jest.spyOn(fs, 'fsyncSync');
  try {
    const { rows } = await sql<{ fsync: string; wal_sync_method: string }>`
      select current_setting('fsync') as fsync, current_setting('wal_sync_method') as wal_sync_method
    `.execute(db);
    expect(rows).toEqual([{ fsync: 'on', wal_sync_method: 'fsync' }]);
    fsync.mockClear();

    await db.transaction().execute((trx) =>
      trx
        .insertInto('notes' as never)
        .values({ body: 'synced' } as never)
        .execute(),
    );

    expect(fsync).toHaveBeenCalled();
  } finally {
    fsync.mockRestore();
    // The folder is shared with the other tests, which expect its one row.
    await sql`delete from notes where body = 'synced'`.execute(db);
    await db.destroy();
  }
});

test('a damaged folder is explained in words: which folder, what probably happened, the restore command', async () => {
  const dataDir = path.join(dir, 'pglite');
  await cp(written.dataDir, dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'global', 'pg_control'), Buffer.alloc(8192, 7));

  const opening = openDatabase({ driver: 'pglite', dataDir }, silentLog);

  await expect(opening).rejects.toThrow(DatabaseUnreadable);
  await expect(opening).rejects.toThrow(`The database in ${dataDir} could not be opened`);
  await expect(opening).rejects.toThrow('npm run restore -- --from');
});

test('preparing a folder that holds a database leaves it as it was', async () => {
  await prepareDatabase(written);

  expect(await readNotes(written)).toEqual({ tables: ['notes'], rows: [{ body: 'kept' }] });
});

test('a folder holding other files and no database is refused, not overwritten', async () => {
  const dataDir = path.join(dir, 'pglite');
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'notes.txt'), 'mine');

  await expect(prepareDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(/not empty/);
  expect(await readdir(dataDir)).toEqual(['notes.txt']);
  expect(await readdir(dir)).toEqual(['pglite']);
});

test('says which database it could not open, without the password', async () => {
  const target = { driver: 'postgres', url: 'postgres://qrv:hunter2@127.0.0.1:1/qrv' } as const;

  const opening = openDatabase(target, silentLog);

  await expect(opening).rejects.toThrow(
    /^Could not open the database \(Postgres at 127\.0\.0\.1:1\/qrv\): /,
  );
  await expect(opening).rejects.not.toThrow(/hunter2/);
});

test('describes each kind of target', () => {
  expect(describeDatabaseTarget({ driver: 'pglite', dataDir: '/data/pglite' })).toBe(
    'PGlite at /data/pglite',
  );
  expect(describeDatabaseTarget({ driver: 'pglite' })).toBe('in-memory PGlite');
  expect(describeDatabaseTarget({ driver: 'postgres', url: 'postgresql://u:p@db/qrv' })).toBe(
    'Postgres at db:5432/qrv',
  );
});
