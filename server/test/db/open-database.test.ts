import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'kysely';

import { describeDatabaseTarget, openDatabase, prepareDatabase } from '../../src/db/open-database';
import { createTempDir } from '../helpers/test-app';

const silentLog = { error: () => undefined };

let dir: string;

beforeEach(async () => {
  dir = await createTempDir();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('data written to a PGlite folder survives closing and reopening it', async () => {
  const target = { driver: 'pglite', dataDir: path.join(dir, 'pglite') } as const;
  const first = await openDatabase(target, silentLog);
  await first.db.schema.createTable('notes').addColumn('body', 'text').execute();
  await first.db
    .insertInto('notes' as never)
    .values({ body: 'kept' } as never)
    .execute();
  await first.db.destroy();

  const second = await openDatabase(target, silentLog);
  const rows = await second.db
    .selectFrom('notes' as never)
    .selectAll()
    .execute();
  await second.db.destroy();

  expect(rows).toEqual([{ body: 'kept' }]);
});

test('a PGlite folder is opened with small shared buffers, whether prepared first or not', async () => {
  const prepared = { driver: 'pglite', dataDir: path.join(dir, 'prepared') } as const;
  await prepareDatabase(prepared);
  const targets = [prepared, { driver: 'pglite', dataDir: path.join(dir, 'new') } as const];

  for (const target of targets) {
    const { db } = await openDatabase(target, silentLog);
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
    await db.destroy();
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  }
});

test('preparing a folder that holds a database leaves it as it was', async () => {
  const target = { driver: 'pglite', dataDir: path.join(dir, 'pglite') } as const;
  const first = await openDatabase(target, silentLog);
  await first.db.schema.createTable('notes').addColumn('body', 'text').execute();
  await first.db.destroy();

  await prepareDatabase(target);

  const second = await openDatabase(target, silentLog);
  const tables = await second.db.introspection.getTables();
  await second.db.destroy();
  expect(tables.map((table) => table.name)).toEqual(['notes']);
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
