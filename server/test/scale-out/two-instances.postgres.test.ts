// Two app processes on one Postgres database, one Redis and one shared DATA_DIR (as a network volume), as several
// instances run behind a load balancer: a change made through one shows on the other's public page within a
// second, rate limits count across both, page views add up, and a bulk run survives the death (SIGKILL) of the
// instance it was started on. On Postgres only (the Postgres project runs it, once): two processes cannot share
// a PGlite folder.
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';

import { Kysely, PostgresDialect, sql } from 'kysely';

import type { BulkOperation } from '@common/bulk-schemas';

import { createVerifiedAccount, requestAccessToken } from '../../../scripts/support/accounts';
import { startApp, type RunningApp } from '../../../scripts/support/app';
import { secureDocument } from '../../../scripts/support/verifications';
import { CLIENT } from '../helpers/auth-requests';
import { makeCsv, makeZip } from '../helpers/bulk';
import { testPool } from '../helpers/database-templates';
import { describeWithRedis, TEST_REDIS_URL } from '../helpers/redis';
import { createEmptyTestDatabase, createTempDir, type TestDatabase } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';

import type { Database } from '../../src/db/schema';

const SIGN_IN_ATTEMPTS = 3;
// Enough work that the run is still going when the test sees its job taken (8 one-page rows once finished first).
const BULK_ROWS = 30;
const BULK_PAGES = 3;
const sharedSealKey = randomBytes(32).toString('base64');

let database: TestDatabase;
let db: Kysely<Database>;
let dataDir: string;
let a: RunningApp;
let b: RunningApp;
let accessToken: string;
let headers: { authorization: string };

function environment(queuePollSeconds: string): Record<string, string> {
  if (database.target.driver !== 'postgres') throw new Error('This test runs on Postgres');
  return {
    DATABASE_URL: database.target.url,
    DATA_DIR: dataDir,
    REDIS_URL: TEST_REDIS_URL,
    SEAL_MASTER_KEY: sharedSealKey,
    QUEUE_POLL_INTERVAL_SECONDS: queuePollSeconds,
    QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
    // A bulk job a killed process had taken expires after its chunk time plus this (and 5 s).
    SECURING_TIMEOUT_SECONDS: '5',
    RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: String(SIGN_IN_ATTEMPTS),
  };
}

async function api<T>(app: RunningApp, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api/${path}`, {
    ...init,
    headers: { ...headers, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitFor<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The verdict class of the public page: valid, revoked, expired, not-found, withdrawn. */
async function verdictOn(app: RunningApp, code: string): Promise<string | undefined> {
  const html = await (await fetch(`${app.baseUrl}/v/${code}`)).text();
  // The record's status (active, revoked, expired) as the page's verdict holds it; its colour follows the seal too.
  return /class="verdict [^"]*"[^>]*data-status="([a-z-]+)"/.exec(html)?.[1];
}

describeWithRedis('two instances on one Postgres', () => {
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    dataDir = await createTempDir('qrv-two-instances-');
    // B looks for jobs less often, so that A (woken by its own start request) takes the bulk job.
    [a, b] = await Promise.all([startApp(environment('0.5')), startApp(environment('2'))]);
    if (database.target.driver !== 'postgres') throw new Error('This test runs on Postgres');
    db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: testPool(database.target.url, 2),
      }),
    });
    const account = await createVerifiedAccount(a);
    accessToken = await requestAccessToken(a, account);
    headers = { authorization: `Bearer ${accessToken}` };
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.destroy();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('page views counted on both instances add up', async () => {
    const { id, code } = await secureDocument(a, accessToken, { file: await makePdf() });
    for (const app of [a, a, a, b, b]) {
      expect((await fetch(`${app.baseUrl}/v/${code}`)).status).toBe(200);
    }

    // Reading the count writes A's waiting views; B writes its own within its flush interval.
    const counted = await waitFor(
      () => api<{ scan_count: number }>(a, `verifications/${id}/`),
      (verification) => verification.scan_count >= 5,
      10_000,
    );
    expect(counted.scan_count).toBe(5);
  });

  test("a verification revoked through one instance shows revoked on the other's page within a second", async () => {
    const { id, code } = await secureDocument(a, accessToken, { file: await makePdf() });
    // B has the page in its cache, as valid.
    expect(await verdictOn(b, code)).toBe('active');

    await api(a, `verifications/${id}/revoke/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Issued in error' }),
    });

    expect(
      await waitFor(
        () => verdictOn(b, code),
        (verdict) => verdict === 'revoked',
        1_000,
      ),
    ).toBe('revoked');
  });

  test('sign-in attempts used up on one instance are refused on the other', async () => {
    const email = `${randomUUID()}@example.com`;
    const signIn = (app: RunningApp) => {
      const form = new FormData();
      const fields = { grant_type: 'password', email, password: 'Wrong-password-1', ...CLIENT };
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return fetch(`${app.baseUrl}/api/auth/token/`, { method: 'POST', body: form });
    };

    const onA = [];
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt += 1)
      onA.push((await signIn(a)).status);
    const onB = (await signIn(b)).status;

    expect(onA.every((status) => status !== 429)).toBe(true);
    expect(onB).toBe(429);
  });

  test('a bulk run started on an instance killed with SIGKILL is finished by the other', async () => {
    const names = Array.from({ length: BULK_ROWS }, (_, index) => `diploma-${index + 1}.pdf`);
    const pdf = await makePdf(Array.from({ length: BULK_PAGES }, () => ({})));
    const form = new FormData();
    const sheet = makeCsv([
      ['file', 'title', 'holder_name'],
      ...names.map((name, index) => [name, 'Diploma', `Graduate ${index + 1}`]),
    ]);
    form.append('sheet', new Blob([new Uint8Array(sheet)]), 'graduates.csv');
    form.append(
      'documents',
      new Blob([new Uint8Array(await makeZip(names.map((name) => ({ name, data: pdf }))))]),
      'documents.zip',
    );
    const { id } = await api<BulkOperation>(a, 'bulk-operations/', { method: 'POST', body: form });
    const operationOn = (app: RunningApp) => () =>
      api<BulkOperation>(app, `bulk-operations/${id}/`);
    expect((await waitFor(operationOn(a), (op) => op.status === 'ready', 30_000)).status).toBe(
      'ready',
    );

    await api(a, `bulk-operations/${id}/start/`, { method: 'POST' });
    // The operation has had a job before (checking its files when it was created): the one to see is active.
    const isJobActive = async () =>
      (
        await sql<{ active: boolean }>`select exists (select 1 from pgboss.job
          where name = 'bulk-operations' and data->>'id' = ${id} and state = 'active') as active`.execute(
          db,
        )
      ).rows[0]?.active === true;
    expect(await waitFor(isJobActive, (active) => active, 5_000)).toBe(true);
    await a.kill();
    expect((await operationOn(b)()).status).toBe('running');

    // B's queue maintenance expires the job the dead process held, and B runs it again to the end.
    const done = await waitFor(operationOn(b), (op) => op.status !== 'running', 60_000);
    expect(done).toMatchObject({ status: 'completed', succeeded: BULK_ROWS });
    const { count } = await db
      .selectFrom('verifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('bulk_operation_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(BULK_ROWS);
  }, 90_000);
});
