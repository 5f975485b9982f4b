// Views of public pages are tallied in memory and written in one statement per flush; the counts come out exact
// after any number of views, concurrent ones included, and after the app closes.
import { rm } from 'node:fs/promises';

import { PGlite } from '@electric-sql/pglite';

import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { loadMigratedPglite } from '../../helpers/database-templates';
import { fastPasswordHasher } from '../../helpers/fast-password-hasher';
import { createTempDir, createTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

/** Each code's count on its verification, and the views in its daily figures. */
async function scanCounts(app: FastifyInstance) {
  const rows = await app.db
    .selectFrom('verifications')
    .leftJoin('scan_daily as d', 'd.verification_id', 'verifications.id')
    .select(({ fn }) => ['code', 'scan_count', fn.sum<string>('d.scans').as('history')])
    .groupBy(['code', 'scan_count'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.code, [row.scan_count, Number(row.history)]]));
}

function views(app: FastifyInstance, code: string, count: number) {
  return Array.from({ length: count }, () => app.inject({ url: `/v/${code}` }));
}

test('after many views, concurrent ones included, every view is counted once', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const [first, second] = [
    await createVerification(app, user),
    await createVerification(app, user),
  ];

  // Many views at once, of two verifications: a flush may start while views are still being tallied.
  await Promise.all([...views(app, first.code, 400), ...views(app, second.code, 250)]);
  for (const response of await Promise.all(views(app, first.code, 7))) {
    expect(response.statusCode).toBe(200);
  }
  await app.scanRecorder.flush();

  expect(await scanCounts(app)).toEqual({ [first.code]: [407, 407], [second.code]: [250, 250] });
  await app.close();
});

// An app on a database of the test's own, which stays open after the app closes (to read what the close wrote),
// with every statement the app sends to it.
async function appOnOwnDatabase() {
  const client = await PGlite.create({ loadDataDir: await loadMigratedPglite() });
  const statements: string[] = [];
  // The Kysely dialect uses query and close, the job queue exec; closing the app leaves this client open.
  const handle = {
    query: (...args: Parameters<PGlite['query']>) => {
      // The job queue's own polling and maintenance are not the app's writes.
      if (!args[0].includes('pgboss.')) statements.push(args[0]);
      return client.query(...args);
    },
    exec: (...args: Parameters<PGlite['exec']>) => client.exec(...args),
    close: async () => undefined,
  } as unknown as PGlite;
  const dataDir = await createTempDir();
  const app = buildApp({
    config: loadConfig({ DATA_DIR: dataDir, STATIC_DIR: `${dataDir}/dist`, LOG_LEVEL: 'silent' }),
    database: { driver: 'pglite', client: handle },
    passwordHasher: fastPasswordHasher,
  });
  app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  return { app, client, statements };
}

test('one flush writes the views of many verifications in one statement', async () => {
  const { app, client, statements } = await appOnOwnDatabase();
  const user = await signedInUser(app);
  const codes: string[] = [];
  for (let index = 0; index < 4; index += 1) codes.push((await createVerification(app, user)).code);
  for (const code of codes) await Promise.all(views(app, code, 3));

  statements.length = 0;
  await app.scanRecorder.flush();

  // One write for every view of every verification; beside it at most one read (which of them an account's
  // webhooks listen to for verification.scanned), whatever the batch's size.
  const writes = statements.filter((statement) => !/^\s*select\b/i.test(statement));
  expect(writes).toHaveLength(1);
  expect(statements.length - writes.length).toBeLessThanOrEqual(1);
  expect(Object.values(await scanCounts(app))).toEqual(codes.map(() => [3, 3]));
  await app.close();
  await client.close();
});

test('closing the app writes the views still waiting, before the database closes', async () => {
  const { app, client } = await appOnOwnDatabase();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  await Promise.all(views(app, verification.code, 25));
  expect(app.scanRecorder.waitingCount).toBe(25);

  await app.close();

  const { rows } = await client.query<{ scan_count: number; history: number }>(
    `select scan_count, (select count(*)::int from verification_scans) as history
     from verifications where code = $1`,
    [verification.code],
  );
  expect(rows).toEqual([{ scan_count: 25, history: 25 }]);
  await client.close();
});
