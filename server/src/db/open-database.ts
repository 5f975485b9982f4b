// Opens Kysely over embedded PGlite (a data directory, or memory for tests) or over a Postgres server.
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Pool } from 'pg';

import { DurableNodeFS } from './durable-node-fs';
import { ensurePgliteDataDir } from './initialise-pglite';
import { latestSnapshot } from './pglite-snapshot';

import type { Config } from '../config';
import type { Database } from './schema';

export type DatabaseDriver = 'pglite' | 'postgres';

export type DatabaseTarget =
  /** dataDir omitted: a throw-away in-memory database. client: an already opened PGlite (tests clone one). */
  { driver: 'pglite'; dataDir?: string; client?: PGlite } | { driver: 'postgres'; url: string };

export interface OpenDatabase {
  db: Kysely<Database>;
  driver: DatabaseDriver;
  /** The PGlite client behind `db` (null on a Postgres server), for multi-statement scripts: Kysely sends one. */
  pglite: PGlite | null;
}

interface ErrorLog {
  error(details: object, message: string): void;
}

export function databaseTargetFromConfig(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
): DatabaseTarget {
  return config.DATABASE_URL
    ? { driver: 'postgres', url: config.DATABASE_URL }
    : { driver: 'pglite', dataDir: `${config.DATA_DIR}/pglite` };
}

/** A printable name for the target that never shows a password. */
export function describeDatabaseTarget(target: DatabaseTarget): string {
  if (target.driver === 'pglite')
    return target.dataDir ? `PGlite at ${target.dataDir}` : 'in-memory PGlite';
  const url = new URL(target.url);
  return `Postgres at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

// Postgres touches all of its shared buffers when it starts, so PGlite's default 128 MB is resident from boot
// on. 16 MB holds this app's hot pages; a miss is a read from the OS page cache, as with any Postgres.
// PGlite starts with fsync off (-F): a committed transaction would not survive a power cut. It is on here, and
// DurableNodeFS makes Postgres's fsync calls reach the disk; the WAL is synced with fsync because Emscripten's
// fdatasync (Postgres's default on Linux) does nothing.
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_sync_method=fsync',
];

/** The embedded database could not be opened: the message says so in words, with the way to restore. */
export class DatabaseUnreadable extends Error {}

function unreadableMessage(dataDir: string, cause: Error): string {
  const snapshot = latestSnapshot(path.dirname(dataDir));
  const restore = snapshot
    ? `Stop anything using the folder and restore the latest snapshot (${path.basename(snapshot)}):\n` +
      `  npm run restore -- --from ${snapshot}`
    : 'No snapshot was found in its backups/ folder; restore a backup you made (npm run backup):\n' +
      '  npm run restore -- --from <backup folder>';
  return [
    `The database in ${dataDir} could not be opened (${cause.message}).`,
    'It is probably damaged: two processes used the folder at once, or the machine stopped while it wrote ' +
      '(a power cut, a full disk). Nothing has been changed, and nothing is restored by itself.',
    restore,
  ].join('\n');
}

async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create();
  await ensurePgliteDataDir(dataDir);
  try {
    return await PGlite.create({
      fs: new DurableNodeFS(dataDir),
      startParams: PGLITE_START_PARAMS,
    });
  } catch (error) {
    throw new DatabaseUnreadable(unreadableMessage(dataDir, error as Error), { cause: error });
  }
}

/**
 * Creates a new PGlite data folder ahead of openDatabase, which would otherwise do it: server.ts calls this
 * before building the app, so the seconds it takes do not count against Fastify's plugin timeout.
 */
export async function prepareDatabase(target: DatabaseTarget): Promise<void> {
  if (target.driver === 'pglite' && target.dataDir) await ensurePgliteDataDir(target.dataDir);
}

function openPostgresPool(url: string, log: ErrorLog): Pool {
  const pool = new Pool({ connectionString: url });
  // An idle client losing its connection emits on the pool; unhandled, that would crash the process.
  pool.on('error', (error) => log.error({ err: error }, 'Idle database connection failed'));
  return pool;
}

async function createKysely(
  target: DatabaseTarget,
  log: ErrorLog,
): Promise<Pick<OpenDatabase, 'db' | 'pglite'>> {
  if (target.driver === 'postgres') {
    const dialect = new PostgresDialect({ pool: openPostgresPool(target.url, log) });
    return { db: new Kysely<Database>({ dialect }), pglite: null };
  }
  const client = target.client ?? (await openPglite(target.dataDir));
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), pglite: client };
}

/** Opens and checks the connection; close it with `db.destroy()`, which also flushes PGlite to disk. */
export async function openDatabase(target: DatabaseTarget, log: ErrorLog): Promise<OpenDatabase> {
  const { db, pglite } = await createKysely(target, log);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    if (error instanceof DatabaseUnreadable) throw error;
    throw new Error(
      `Could not open the database (${describeDatabaseTarget(target)}): ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return { db, driver: target.driver, pglite };
}
