import { PGlite } from '@electric-sql/pglite';

import { openDatabase } from '../../../src/db/open-database';
import { createHealthCheck, type HealthReport } from '../../../src/services/health/check-health';
import { loadMigratedPglite } from '../../helpers/database-templates';

import type { Database } from '../../../src/db/schema';
import type { MailCheck, Mailer } from '../../../src/mail/mailer';
import type { Kysely } from 'kysely';

const MAX_AGE_MS = 2_000;

let pglite: PGlite;
let db: Kysely<Database>;
let databaseQueries: number;
let mailOk: boolean;
let clock: number;
let checkHealth: () => Promise<HealthReport>;

// Counts the statements the database is asked to run.
function countingClient(client: PGlite): PGlite {
  const counting = {
    query: (...args: Parameters<PGlite['query']>) => {
      databaseQueries += 1;
      return client.query(...args);
    },
    close: async () => undefined,
  };
  return counting as unknown as PGlite;
}

const mailer: Mailer = {
  send: async () => undefined,
  check: async (): Promise<MailCheck> => ({ ok: mailOk, transport: 'dev-mailbox' }),
  close: () => undefined,
};

beforeAll(async () => {
  // The run's migrated template: loading it is quicker than initdb, and any database that answers will do.
  pglite = await PGlite.create({ loadDataDir: await loadMigratedPglite() });
  ({ db } = await openDatabase(
    { driver: 'pglite', client: countingClient(pglite) },
    { error: () => undefined },
  ));
});

afterAll(async () => {
  await db.destroy();
  await pglite.close();
});

beforeEach(() => {
  databaseQueries = 0;
  mailOk = true;
  clock = 0;
  checkHealth = createHealthCheck(
    { db, dbDriver: 'pglite', mailer },
    { maxAgeMs: MAX_AGE_MS, now: () => clock },
  );
});

test('probes within the window share one report: the database is asked once', async () => {
  await checkHealth();
  clock = MAX_AGE_MS - 1;
  await checkHealth();

  expect(databaseQueries).toBe(1);
});

test('a storm of probes at once costs one query', async () => {
  await Promise.all(Array.from({ length: 20 }, () => checkHealth()));

  expect(databaseQueries).toBe(1);
});

test('after the window the database is asked again', async () => {
  await checkHealth();
  clock = MAX_AGE_MS;
  await checkHealth();

  expect(databaseQueries).toBe(2);
});

test('a failure shows once the window has passed', async () => {
  expect((await checkHealth()).status).toBe('ok');

  mailOk = false;
  clock = MAX_AGE_MS;

  expect(await checkHealth()).toEqual({
    status: 'unavailable',
    database: { ok: true, driver: 'pglite' },
    mail: { ok: false, transport: 'dev-mailbox' },
  });
});
