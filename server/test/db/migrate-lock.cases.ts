// Several instances deployed together start at the same moment on one new Postgres database: the migrations run
// once (Kysely's migrator holds pg_advisory_xact_lock while it migrates, so the other instance waits and then finds
// nothing to do), and the rest of each start (job queue, plans, instance identity, secrets) does not trip over the
// other's. PGlite is one process's own database: nothing to race there, so these run on Postgres only.
import { rm } from 'node:fs/promises';

import { Migrator, sql, type Kysely } from 'kysely';

import { migrations } from '../../migrations';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrateToLatest } from '../../src/db/migrate';
import { openDatabase, type OpenDatabase } from '../../src/db/open-database';
import {
  createEmptyTestDatabase,
  createTempDir,
  postgresServerUrl,
  type TestDatabase,
} from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

const silentLog = { error: () => undefined };
const ALL_MIGRATIONS = Object.keys(migrations);

const describeOnPostgres = postgresServerUrl() ? describe : describe.skip;

let databases: TestDatabase[] = [];
let opened: OpenDatabase[] = [];

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createEmptyTestDatabase();
  databases.push(database);
  return database;
}

/** A connection pool of its own, as each instance has. */
async function connect(database: TestDatabase): Promise<Kysely<unknown>> {
  const connection = await openDatabase(database.target, silentLog);
  opened.push(connection);
  return connection.db as Kysely<unknown>;
}

afterEach(async () => {
  for (const connection of opened) await connection.db.destroy();
  for (const database of databases) await database.drop();
  opened = [];
  databases = [];
});

/** Tables, columns and indexes: what two databases with the same schema have alike. */
async function schemaOf(db: Kysely<unknown>): Promise<unknown[]> {
  const columns = await sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`.execute(db);
  const indexes = await sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
    order by tablename, indexname`.execute(db);
  return [...columns.rows, ...indexes.rows];
}

describeOnPostgres('migrations started by two instances at once', () => {
  test('both succeed, every migration runs once, and the schema is whole', async () => {
    const shared = await emptyDatabase();
    const [first, second] = [await connect(shared), await connect(shared)];

    const results = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);

    const applied = results.flat().map((result) => [result.migrationName, result.status]);
    expect(applied).toEqual(ALL_MIGRATIONS.map((name) => [name, 'Success']));
    const recorded = await sql<{ name: string }>`
      select name from kysely_migration order by name`.execute(first);
    expect(recorded.rows.map((row) => row.name)).toEqual(ALL_MIGRATIONS);
    const pending = await new Migrator({
      db: second,
      provider: { getMigrations: async () => migrations },
    }).getMigrations();
    expect(pending.filter((migration) => !migration.executedAt)).toEqual([]);

    const alone = await connect(await emptyDatabase());
    await migrateToLatest(alone);
    expect(await schemaOf(first)).toEqual(await schemaOf(alone));
  });
});

describeOnPostgres('two app instances started at once on a new database', () => {
  let dataDirs: string[] = [];
  let apps: FastifyInstance[] = [];

  afterEach(async () => {
    for (const app of apps) await app.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
    apps = [];
    dataDirs = [];
  });

  // One instance of a deployment: its own data folder, the database and the shared secrets of the others.
  async function instance(database: TestDatabase): Promise<FastifyInstance> {
    const dataDir = await createTempDir();
    dataDirs.push(dataDir);
    const app = buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        STATIC_DIR: `${dataDir}/dist`,
        LOG_LEVEL: 'silent',
        SEAL_MASTER_KEY: 'a'.repeat(64),
      }),
      database: database.target,
    });
    apps.push(app);
    return app;
  }

  test('both start and report themselves ready', async () => {
    const shared = await emptyDatabase();
    const [first, second] = [await instance(shared), await instance(shared)];

    await Promise.all([first.ready(), second.ready()]);

    for (const app of [first, second]) {
      const readiness = await app.inject({ method: 'GET', url: '/api/health/ready/' });
      expect(readiness.statusCode).toBe(200);
    }
  });
});
