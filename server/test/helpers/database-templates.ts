// Migrated databases to copy for each test, made once per `jest` run by the server projects' global set-up
// (pglite-global-setup.ts, postgres-global-setup.ts): a PGlite data-directory dump in a temp file, a template
// database on Postgres.
// Copying one is much cheaper than initdb (PGlite) or CREATE DATABASE and every migration (Postgres).
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Client, Pool } from 'pg';

import { ensurePgliteDataDir } from '../../src/db/initialise-pglite';
import { migrateToLatest } from '../../src/db/migrate';

/** The global set-up hands the templates to the test workers (its child processes) through these. */
const PGLITE_TEMPLATE_FILE = 'QRV_TEST_PGLITE_TEMPLATE_FILE';
const POSTGRES_TEMPLATE_DATABASE = 'QRV_TEST_POSTGRES_TEMPLATE_DATABASE';
const PGLITE_TEMPLATE_FOLDER = 'QRV_TEST_PGLITE_TEMPLATE_FOLDER';

export async function withAdminClient<T>(
  serverUrl: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A connection pool for a test's own queries. pg emits an idle connection's failure (the server ending it, as
 * DROP DATABASE … WITH (FORCE) and pg_terminate_backend do) on the pool, and a pool nobody listens to turns
 * that into an uncaught error that fails whichever test is running: CI once failed that way (57P01).
 */
export function testPool(connectionString: string, max?: number): Pool {
  const pool = new Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

// As the app opens a PGlite folder (PGLITE_START_PARAMS in db/open-database.ts): 16 MB of shared buffers, not
// PGlite's default 128 MB, which Postgres touches as it starts: in WebAssembly that cost each test file's
// database about half a second of CPU.
const TEST_PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A PGlite in memory for a test, from a data-directory dump (dataDirDump) or, without one, made by initdb.
 * Use this rather than PGlite.create: it starts as the app's databases do, and faster.
 */
export function createTestPglite(loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ loadDataDir, startParams: TEST_PGLITE_START_PARAMS });
}

/**
 * A data-directory dump as PGlite.create({ loadDataDir }) takes it. PGlite reads only arrayBuffer() (and type):
 * a Node Blob of the ~40 MB dump copies the bytes in and hands them back in 64 kB chunks, over a second of CPU per
 * test file in a jest worker; this hands back a copy of the bytes at once.
 */
export function dataDirDump(bytes: Uint8Array): Blob {
  const dump = {
    type: '',
    size: bytes.byteLength,
    // A copy in an ArrayBuffer of its own (a Buffer's slice() would share the bytes, and maybe Node's pool).
    arrayBuffer: async () => new Uint8Array(bytes).buffer,
  };
  return dump as unknown as Blob;
}

/** A migrated PGlite data directory, as PGlite.create({ loadDataDir }) takes it. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await createTestPglite();
  const db = new Kysely({ dialect: new PGliteDialect(client) });
  await migrateToLatest(db);
  const dump = await client.dumpDataDir('none');
  await db.destroy();
  return dump;
}

/** The run's PGlite template when the global set-up made one, else one made in this test file. */
export async function loadMigratedPglite(): Promise<Blob> {
  const file = process.env[PGLITE_TEMPLATE_FILE];
  return file ? dataDirDump(await readFile(file)) : dumpMigratedPglite();
}

/** The run's Postgres template database, or undefined without the global set-up (then tests migrate). */
export function postgresTemplateDatabase(): string | undefined {
  return process.env[POSTGRES_TEMPLATE_DATABASE] || undefined;
}

/**
 * The run's PGlite templates: the migrated dump the in-memory test databases load, and an empty data folder as
 * the app makes on its first start (seconds of initdb, writing some 40 MB of files; copying one takes a fraction).
 */
export async function createPgliteTemplateFile(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-pglite-template-'));
  const file = path.join(folder, 'pgdata.tar');
  const dataDir = path.join(folder, 'pglite');
  const [dump] = await Promise.all([dumpMigratedPglite(), ensurePgliteDataDir(dataDir)]);
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_FILE] = file;
  process.env[PGLITE_TEMPLATE_FOLDER] = dataDir;
}

export async function removePgliteTemplateFile(): Promise<void> {
  const file = process.env[PGLITE_TEMPLATE_FILE];
  if (file) await rm(path.dirname(file), { recursive: true, force: true });
  delete process.env[PGLITE_TEMPLATE_FILE];
  delete process.env[PGLITE_TEMPLATE_FOLDER];
}

/**
 * Puts a new, empty PGlite data folder at `dataDir`, as the app's first start would make it: a copy of the run's
 * template folder, or (without the global set-up) made as the app makes it. For tests about what happens on such
 * a folder later; the tests of making one (db/open-database.cases.ts) make their own.
 */
export async function createPgliteFolder(dataDir: string): Promise<void> {
  const template = process.env[PGLITE_TEMPLATE_FOLDER];
  if (template) await cp(template, dataDir, { recursive: true });
  else await ensurePgliteDataDir(dataDir);
}

// A name of its own for each run: people and CI may run the suite at the same time on one server.
export async function createPostgresTemplate(serverUrl: string): Promise<void> {
  const name = randomDatabaseName('qrv_template');
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const db = new Kysely({
    dialect: new PostgresDialect({
      pool: testPool(databaseUrl(serverUrl, name)),
    }),
  });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await withAdminClient(serverUrl, (client) =>
      client.query(`DROP DATABASE ${name} WITH (FORCE)`),
    );
    throw error;
  }
  // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
  await db.destroy();
  process.env[POSTGRES_TEMPLATE_DATABASE] = name;
}

export async function dropPostgresTemplate(serverUrl: string): Promise<void> {
  const name = postgresTemplateDatabase();
  if (name) {
    await withAdminClient(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  }
  delete process.env[POSTGRES_TEMPLATE_DATABASE];
}
