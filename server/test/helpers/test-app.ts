// Builds the real app for one test on a database no other test sees.
// Each test file gets one migrated database (in-memory PGlite in server:pglite, a Postgres database in
// server:postgres, both copied from the run's template in database-templates.ts) and every createTestApp() empties
// it first: emptying the tables costs milliseconds where a new PGlite instance costs a second.
// A test that opens a second app while the first is still open gets a database of its own, as before.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Client } from 'pg';

import { freePort } from '../../../scripts/support/free-port';
import { buildApp } from '../../src/app';
import { loadConfig, type Environment } from '../../src/config';

import {
  createTestPglite,
  databaseUrl,
  dataDirDump,
  loadMigratedPglite,
  postgresTemplateDatabase,
  randomDatabaseName,
  withAdminClient,
} from './database-templates';
import { fastPasswordHasher } from './fast-password-hasher';
import { UNLIMITED_FREE_PLAN } from './plans';

import type { DatabaseTarget } from '../../src/db/open-database';
import type { LogStream } from '../../src/logger';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, onRouteHookHandler } from 'fastify';

declare global {
  /** Set by jest.config.ts: '' for the PGlite run, the Postgres server's URL for the Postgres run. */
  var TEST_DATABASE_URL: string;
}

export interface TestDatabase {
  target: DatabaseTarget;
  /** Removes the database (Postgres); call after the app or connection using it is closed. */
  drop(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (a temp DATA_DIR and STATIC_DIR, LOG_LEVEL=silent). */
  env?: Environment;
  /** Receives the app's log lines (JSON, one per write). */
  logStream?: LogStream;
  /** Hash passwords with argon2id as production does, instead of the tests' fast hasher. */
  realPasswordHasher?: boolean;
  /** Sees every route the app registers: added as an onRoute hook before any plugin loads. */
  onRoute?: onRouteHookHandler;
}

export function postgresServerUrl(): string {
  return globalThis.TEST_DATABASE_URL ?? '';
}

/** A new database on the Postgres server: a copy of `template`, or empty. */
async function createPostgresDatabase(template?: string): Promise<TestDatabase> {
  const name = randomDatabaseName('qrv_test');
  const serverUrl = postgresServerUrl();
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    target: { driver: 'postgres', url: databaseUrl(serverUrl, name) },
    drop: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

// A new PGlite runs initdb, which takes seconds; loading the dump of one made earlier in the file takes a fraction.
let emptyPgliteTemplate: Promise<Blob> | undefined;

async function dumpEmptyPglite(): Promise<Blob> {
  const client = await createTestPglite();
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dataDirDump(new Uint8Array(await dump.arrayBuffer()));
}

/** A brand-new, empty database (no migrations run). */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  if (postgresServerUrl()) return createPostgresDatabase();
  emptyPgliteTemplate ??= dumpEmptyPglite();
  const client = await createTestPglite(await emptyPgliteTemplate);
  return {
    target: { driver: 'pglite', client },
    // Closing the database opened on it closes the client too; a test that never opened it leaves it open.
    drop: async () => {
      if (!client.closed) await client.close();
    },
  };
}

// Starting PGlite and migrating takes seconds; loading a migrated data directory takes a fraction of that.
let migratedPgliteTemplate: Promise<Blob> | undefined;

async function openMigratedPglite(): Promise<PGlite> {
  migratedPgliteTemplate ??= loadMigratedPglite();
  return createTestPglite(await migratedPgliteTemplate);
}

/**
 * A new database migrated already (the app's own migration step then finds nothing to do), from this run's template
 * when the global set-up made one (database-templates.ts).
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  if (postgresServerUrl()) return createPostgresDatabase(postgresTemplateDatabase());
  const client = await openMigratedPglite();
  return { target: { driver: 'pglite', client }, drop: async () => undefined };
}

/** The test file's database: handed to one app at a time and emptied before each. */
interface FileDatabase {
  target: DatabaseTarget;
  /** Runs SQL over a connection of the test's own, not the app's. */
  query<Row>(sqlText: string): Promise<Row[]>;
  /** Runs several statements, no parameters, over the same connection. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

// The app closes its database when it closes; the file's PGlite must outlive every app, so each app gets a
// handle whose close does nothing (the Kysely dialect uses only query and close, the job queue exec).
function borrowedPglite(client: PGlite): PGlite {
  const handle = {
    query: (...args: Parameters<PGlite['query']>) => client.query(...args),
    exec: (...args: Parameters<PGlite['exec']>) => client.exec(...args),
    close: async () => undefined,
  };
  return handle as unknown as PGlite;
}

async function openFileDatabase(): Promise<FileDatabase> {
  if (postgresServerUrl()) {
    const database = await createPostgresDatabase(postgresTemplateDatabase());
    const url = (database.target as { url: string }).url;
    const client = new Client({ connectionString: url });
    await client.connect();
    return {
      target: database.target,
      query: async <Row>(sqlText: string) => (await client.query(sqlText)).rows as Row[],
      exec: async (sqlText: string) => void (await client.query(sqlText)),
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const client = await openMigratedPglite();
  return {
    target: { driver: 'pglite', client: borrowedPglite(client) },
    query: async <Row>(sqlText: string) => (await client.query<Row>(sqlText)).rows,
    exec: async (sqlText: string) => void (await client.exec(sqlText)),
    close: () => client.close(),
  };
}

// As a new database would be: no rows, sequences from their start, in one round trip. The app's tables and the job
// queue's jobs (pg-boss's own schema: jobs, not queues) are listed each time, as a test may have created a table of
// its own. DELETE with foreign keys unchecked (replica role) rather than TRUNCATE: a test leaves rows in a few
// tables, and TRUNCATE makes new files for every table and index it names: 75 ms of CPU per app on PGlite against
// 23 ms for this (20 of each in one process); token and api-keys tests took 24-31% less CPU.
const EMPTY_ALL_TABLES_SQL = `do $$
declare
  item record;
begin
  set local session_replication_role = replica;
  for item in
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where (schemaname = 'public' and tablename not like 'kysely\\_%')
      or (schemaname = 'pgboss' and tablename in ('job', 'archive'))
  loop
    execute 'delete from ' || item.name;
  end loop;
  for item in
    select format('%I.%I', schemaname, sequencename) as name, start_value from pg_sequences
    where schemaname in ('public', 'pgboss') and last_value is not null
  loop
    perform setval(item.name, item.start_value, false);
  end loop;
end
$$`;

async function emptyAllTables(database: FileDatabase): Promise<void> {
  await database.exec(EMPTY_ALL_TABLES_SQL);
}

let fileDatabase: Promise<FileDatabase> | undefined;
let isFileDatabaseLent = false;
let isFileDatabaseUsed = false;

// One app per test file and environment, for tests of stateless plugins (see sharedTestApp).
const sharedApps = new Map<string, Promise<FastifyInstance>>();

// Apps made by createTestApp and not closed yet.
const openApps = new Set<FastifyInstance>();

/**
 * Closes the apps a case file left open (its shared apps, and any a failed test did not close), keeping the test
 * file's database for the next case file (case-files.ts).
 */
export async function closeCaseFileApps(): Promise<void> {
  for (const app of sharedApps.values()) await (await app).close();
  sharedApps.clear();
  // A test that failed before its own app.close() would leave its app running: its job queue would go on
  // polling a closed database after the file ends, and keep the jest worker from exiting.
  for (const app of openApps) await app.close();
}

afterAll(async () => {
  // Apps first: they hold connections to the file's database.
  await closeCaseFileApps();
  const database = fileDatabase;
  fileDatabase = undefined;
  if (database) await (await database).close();
});

/** The file's database for one app, or undefined while another app still holds it. */
async function lendFileDatabase(): Promise<TestDatabase | undefined> {
  if (isFileDatabaseLent) return undefined;
  isFileDatabaseLent = true;
  fileDatabase ??= openFileDatabase();
  const database = await fileDatabase;
  if (isFileDatabaseUsed) await emptyAllTables(database);
  isFileDatabaseUsed = true;
  return {
    target: database.target,
    drop: async () => {
      isFileDatabaseLent = false;
    },
  };
}

export async function createTempDir(prefix = 'qrv-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/**
 * The real app on an empty migrated database and a temp DATA_DIR, not yet listening (use app.inject).
 * Register test-only routes before the first inject. Always `await app.close()`: it hands the database back
 * and removes the temp folder.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = await createTempDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    LOG_LEVEL: 'silent',
    PLAN_LIMITS_OVERRIDE: UNLIMITED_FREE_PLAN,
    // Tests are written for a server that sells plans: new accounts start on Free, with Stripe keys or without.
    DEFAULT_PLAN: 'free',
    ...options.env,
  });
  const database = (await lendFileDatabase()) ?? (await createMigratedTestDatabase());
  const app = buildApp({
    config,
    logStream: options.logStream,
    database: database.target,
    passwordHasher: options.realPasswordHasher ? undefined : fastPasswordHasher,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Added after the app's own plugins, so it runs after they have closed the database.
  app.addHook('onClose', async () => {
    openApps.delete(app);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  openApps.add(app);
  return app;
}

/**
 * The app listening on loopback with PUBLIC_URL its own address, for a client that resolves its links over HTTP (a
 * credential's did:web and status list). Closed as createTestApp's.
 */
export async function listeningTestApp(): Promise<{ app: FastifyInstance; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await createTestApp({ env: { PUBLIC_URL: origin } });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, origin };
}

/**
 * One app per test file and environment, closed after the file: for tests of plugins that keep no state between
 * requests (errors, headers, CSRF, the SPA, health), where building an app per test only costs time.
 * `setUp` (test-only routes, say) runs once, before the first inject; the first call's logStream is kept.
 */
export function sharedTestApp(
  options: TestAppOptions = {},
  setUp?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const key = JSON.stringify(options.env ?? {});
  let app = sharedApps.get(key);
  if (!app) {
    app = createTestApp(options).then((created) => {
      setUp?.(created);
      return created;
    });
    sharedApps.set(key, app);
  }
  return app;
}
