// Builds the real app for one test, on a database no other test touches:
// in-memory PGlite in the server:pglite project, a brand-new Postgres database in server:postgres,
// each a copy of a migrated template (database-templates.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { buildApp } from '../../src/app';
import { loadConfig, type Environment } from '../../src/config';

import {
  databaseUrl,
  loadMigratedPglite,
  postgresTemplateDatabase,
  randomDatabaseName,
  withAdminClient,
} from './database-templates';

import type { DatabaseTarget } from '../../src/db/open-database';
import type { LogStream } from '../../src/logger';
import type { FastifyInstance } from 'fastify';

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

/** A brand-new, empty database (no migrations run). */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  if (postgresServerUrl()) return createPostgresDatabase();
  return { target: { driver: 'pglite' }, drop: async () => undefined };
}

// Starting PGlite and migrating takes seconds; loading a migrated data directory takes a fraction of that.
let migratedPgliteTemplate: Promise<Blob> | undefined;

// Migrated already (the app's own migration step then finds nothing to do), from this run's template when
// the global set-up made one (database-templates.ts).
async function createMigratedTestDatabase(): Promise<TestDatabase> {
  if (postgresServerUrl()) return createPostgresDatabase(postgresTemplateDatabase());
  migratedPgliteTemplate ??= loadMigratedPglite();
  const client = await PGlite.create({ loadDataDir: await migratedPgliteTemplate });
  return { target: { driver: 'pglite', client }, drop: async () => undefined };
}

export async function createTempDir(prefix = 'qrv-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/**
 * The real app on a fresh database and a temp DATA_DIR, not yet listening (use app.inject).
 * Register test-only routes before the first inject. Always `await app.close()`: it drops the database
 * and the temp folder.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = await createTempDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await createMigratedTestDatabase();
  const app = buildApp({ config, logStream: options.logStream, database: database.target });
  // Added after the app's own plugins, so it runs after they have closed the database.
  app.addHook('onClose', async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return app;
}
