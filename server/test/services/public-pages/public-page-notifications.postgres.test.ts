// Several instances on one Postgres: a change published in a transaction reaches the other instances when it
// commits (never when it rolls back), in full however long, and not the instance that made it; an instance whose
// listening connection was cut forgets everything and listens again. On Postgres only (the Postgres project runs
// it): on PGlite one process is all there is.
import { Kysely, PostgresDialect, sql } from 'kysely';

import {
  PublicPageCache,
  type PublicPageChange,
} from '../../../src/services/public-pages/public-page-cache';
import {
  createPublicPageNotifications,
  type PublicPageNotifications,
} from '../../../src/services/public-pages/public-page-notifications';
import { testPool } from '../../helpers/database-templates';
import { createEmptyTestDatabase, type TestDatabase } from '../../helpers/test-app';

import type { Database } from '../../../src/db/schema';

interface Instance {
  notifications: PublicPageNotifications;
  cache: PublicPageCache;
  /** What reached this instance's cache from elsewhere, in order ('flush' for a flush). */
  heard: Array<PublicPageChange | 'flush'>;
}

let database: TestDatabase;
let db: Kysely<Database>;
const instances: Instance[] = [];
const silentLog = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  if (database.target.driver !== 'postgres') throw new Error('This test runs on Postgres');
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: testPool(database.target.url) }),
  });
});

afterAll(async () => {
  for (const instance of instances) await instance.notifications.close();
  await db.destroy();
  await database.drop();
});

async function startInstance(): Promise<Instance> {
  const url = (database.target as { url: string }).url;
  const notifications = createPublicPageNotifications({ databaseUrl: url, log: silentLog });
  const cache = new PublicPageCache(
    {
      loadVerification: async () => null,
      loadTemplate: async () => null,
      loadTrustList: async () => ({
        trustList: { keys: [], service_hosts: [] },
        body: '',
        etag: '',
      }),
    },
    notifications.publish,
  );
  const heard: Instance['heard'] = [];
  cache.addDependent({ apply: (change) => heard.push(change), flush: () => heard.push('flush') });
  await notifications.listen(cache);
  const instance = { notifications, cache, heard };
  instances.push(instance);
  return instance;
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const marker = (domain: string): PublicPageChange => ({ type: 'custom-domain-changed', domain });

function hasHeard(instance: Instance, domain: string): true | undefined {
  return instance.heard.some(
    (change) =>
      change !== 'flush' && change.type === 'custom-domain-changed' && change.domain === domain,
  )
    ? true
    : undefined;
}

test('a change reaches the other instance when its transaction commits, and never when it rolls back', async () => {
  const writer = await startInstance();
  const reader = await startInstance();
  reader.heard.length = 0;
  writer.heard.length = 0;

  await db.transaction().execute(async (trx) => {
    await writer.cache.publish(trx, { type: 'verification-saved', code: 'committed' });
    // Still inside: nobody has heard of it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.heard).toEqual([]);
  });
  await expect(
    db.transaction().execute(async (trx) => {
      await writer.cache.publish(trx, { type: 'verification-saved', code: 'rolled-back' });
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  // Notifications arrive in commit order: once this one is here, the rolled-back one would have been too.
  await writer.cache.publish(db, marker('after.example.org'));
  await waitFor(() => hasHeard(reader, 'after.example.org'), 'the marker');

  expect(reader.heard).toEqual([
    { type: 'verification-saved', code: 'committed' },
    marker('after.example.org'),
  ]);
  // The writer applies its own changes itself, after the commit: it does not hear them.
  expect(writer.heard).toEqual([]);
});

test('a change listing thousands of codes arrives whole', async () => {
  const writer = await startInstance();
  const reader = await startInstance();
  const codes = Array.from({ length: 5_000 }, (_, index) => `renamed-${index}`);

  await db
    .transaction()
    .execute((trx) => writer.cache.publish(trx, { type: 'issuer-renamed', codes }));
  await writer.cache.publish(db, marker('renamed.example.org'));
  await waitFor(() => hasHeard(reader, 'renamed.example.org'), 'the marker');

  expect(
    reader.heard.flatMap((change) =>
      change !== 'flush' && change.type === 'issuer-renamed' ? change.codes : [],
    ),
  ).toEqual(codes);
});

test('an instance whose listening connection is cut forgets everything, then hears changes again', async () => {
  const writer = await startInstance();
  const reader = await startInstance();
  reader.heard.length = 0;

  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`.execute(
    db,
  );
  expect(rows.length).toBeGreaterThanOrEqual(2);
  // Every listener of this database is cut: the reader's among them.
  await sql`select pg_terminate_backend(pid) from unnest(${rows.map((row) => row.pid)}::int[]) as pid`.execute(
    db,
  );
  await waitFor(() => (reader.heard.includes('flush') ? true : undefined), 'the flush');
  await writer.cache.publish(db, marker('reconnected.example.org'));
  await waitFor(() => hasHeard(reader, 'reconnected.example.org'), 'a change after reconnecting');
});
