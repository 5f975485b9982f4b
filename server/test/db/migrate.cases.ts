import { rm } from 'node:fs/promises';
import path from 'node:path';

import { Migrator, NO_MIGRATIONS, sql } from 'kysely';

import { migrations } from '../../migrations';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrateToLatest } from '../../src/db/migrate';
import { openDatabase, type DatabaseTarget, type OpenDatabase } from '../../src/db/open-database';
import { createPgliteFolder } from '../helpers/database-templates';
import {
  createEmptyTestDatabase,
  createMigratedTestDatabase,
  createTempDir,
  postgresServerUrl,
  type TestDatabase,
} from '../helpers/test-app';

const silentLog = { error: () => undefined };

let database: TestDatabase;
let opened: OpenDatabase | undefined;

// Migrating from nothing costs seconds of CPU on PGlite. The first test does it; the others are about a database
// that is migrated already, so they start from the run's template (made by the same migrateToLatest, global set-up).
async function openMigrated(): Promise<OpenDatabase> {
  await database.drop();
  database = await createMigratedTestDatabase();
  return openDatabase(database.target, silentLog);
}

beforeEach(async () => {
  database = await createEmptyTestDatabase();
});

afterEach(async () => {
  await opened?.db.destroy();
  opened = undefined;
  await database.drop();
});

test('applies every migration in order on an empty database', async () => {
  opened = await openDatabase(database.target, silentLog);

  const results = await migrateToLatest(opened.db);

  expect(results.map((result) => [result.migrationName, result.status])).toEqual(
    Object.keys(migrations).map((name) => [name, 'Success']),
  );
  await opened.db.insertInto('app_settings').values({ key: 'greeting', value: 'hello' }).execute();
  const row = await opened.db
    .selectFrom('app_settings')
    .selectAll()
    .where('key', '=', 'greeting')
    .executeTakeFirst();
  expect(row).toMatchObject({ key: 'greeting', value: 'hello', updated_at: expect.any(Date) });
});

test('running again changes nothing and keeps the data', async () => {
  opened = await openMigrated();
  await opened.db.insertInto('app_settings').values({ key: 'greeting', value: 'hello' }).execute();

  const secondRun = await migrateToLatest(opened.db);

  expect(secondRun).toEqual([]);
  const rows = await opened.db.selectFrom('app_settings').select('value').execute();
  expect(rows).toEqual([{ value: 'hello' }]);
});

test('a database behind by a migration gets just that one', async () => {
  opened = await openMigrated();
  const names = Object.keys(migrations);
  const last = names.at(-1)!;
  const migrator = new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations },
  });
  expect((await migrator.migrateTo(names.at(-2)!)).error).toBeUndefined();
  const recorded = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(opened.db);
  expect(recorded.rows.map((row) => row.name)).toEqual(names.slice(0, -1));

  const results = await migrateToLatest(opened.db);

  expect(results.map((result) => [result.migrationName, result.status])).toEqual([
    [last, 'Success'],
  ]);
});

test('a database migrated by a newer version, with a migration this one lacks, is refused', async () => {
  opened = await openMigrated();
  await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', now())`.execute(
    opened.db,
  );

  await expect(migrateToLatest(opened.db)).rejects.toThrow(/9999-from-the-future/);
});

test('migrations can be rolled back, so each has a working down()', async () => {
  opened = await openMigrated();
  const migrator = new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations },
  });

  const { error } = await migrator.migrateTo(NO_MIGRATIONS);

  expect(error).toBeUndefined();
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_name = 'app_settings'`.execute(
    opened.db,
  );
  expect(tables.rows).toEqual([]);
});

describe('on app start', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await createTempDir();
    // A new folder, as the first start makes it (db/open-database.cases.ts covers making one).
    if (!postgresServerUrl()) await createPgliteFolder(path.join(dataDir, 'pglite'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // The same database across two app starts: a PGlite folder, or the test's Postgres database.
  function persistentTarget(): DatabaseTarget {
    return postgresServerUrl()
      ? database.target
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  }

  async function startAndReadInstance(): Promise<Record<string, string>> {
    const app = buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      database: persistentTarget(),
    });
    await app.ready();
    const rows = await app.db.selectFrom('app_settings').select(['key', 'value']).execute();
    await app.close();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  test('migrates before serving and keeps the instance identity across restarts', async () => {
    const first = await startAndReadInstance();
    const second = await startAndReadInstance();

    expect(first.instance_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(first.first_started_at).getTime()).not.toBeNaN();
    expect(second).toEqual(first);
  });
});
