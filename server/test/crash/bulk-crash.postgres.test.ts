// kill -9 in the middle of a bulk run, then start again: the run carries on where it stopped and ends with exactly
// one verification per valid row. On Postgres only (the Postgres project runs it): two processes cannot share a
// PGlite folder, and embedded PGlite is documented as not durable across SIGKILL (docs/architecture.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { Kysely, PostgresDialect } from 'kysely';

import type { BulkOperation } from '@common/bulk-schemas';

import { loadConfig } from '../../src/config';
import { makeCsv, makeZip } from '../helpers/bulk';
import { testPool } from '../helpers/database-templates';
import { UNLIMITED_FREE_PLAN } from '../helpers/plans';
import { createEmptyTestDatabase, createTempDir, type TestDatabase } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';
import { insertSignedInUser } from '../helpers/verifications';

import type { Database } from '../../src/db/schema';

const SERVER = path.join(__dirname, '..', '..', 'src', 'server.ts');
const ROWS = 60;

let dataDir: string;
let database: TestDatabase;
let child: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = await createTempDir();
  database = await createEmptyTestDatabase();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function databaseUrl(): string {
  if (database.target.driver !== 'postgres') throw new Error('This test runs on Postgres');
  return database.target.url;
}

async function startServer(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'dist'),
      DATABASE_URL: databaseUrl(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // A job a killed process had taken expires after its chunk time plus this; maintenance looks every second.
      SECURING_TIMEOUT_SECONDS: '5',
      QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
      QUEUE_POLL_INTERVAL_SECONDS: '0.5',
      // More rows than Free allows: the test is about the crash, not the plan.
      PLAN_LIMITS_OVERRIDE: UNLIMITED_FREE_PLAN,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const server = child;
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const match = /QR Verify is listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
  });
}

async function kill(): Promise<void> {
  const server = child!;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
  child = undefined;
}

test('a run killed with SIGKILL resumes after a restart and makes one verification per valid row', async () => {
  let url = await startServer();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: testPool(databaseUrl(), 2) }),
  });
  try {
    const { headers } = await insertSignedInUser(db, loadConfig({ DATA_DIR: dataDir }), {
      email: 'registrar@example.com',
    });

    const names = Array.from({ length: ROWS }, (_, index) => `diploma-${index + 1}.pdf`);
    const pdf = await makePdf([{}, {}, {}]);
    const form = new FormData();
    const sheet = makeCsv([
      ['file', 'title', 'holder_name'],
      ...names.map((name, index) => [name, 'Diploma', `Graduate ${index + 1}`]),
      // Invalid: no holder. It must stay without a verification.
      ['diploma-1.pdf', 'Diploma', ''],
    ]);
    form.append('sheet', new Blob([new Uint8Array(sheet)]), 'graduates.csv');
    form.append(
      'documents',
      new Blob([new Uint8Array(await makeZip(names.map((name) => ({ name, data: pdf }))))]),
      'd.zip',
    );
    const created = await fetch(`${url}/api/bulk-operations/`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as BulkOperation;

    async function operation(): Promise<BulkOperation> {
      return (await (
        await fetch(`${url}/api/bulk-operations/${id}/`, { headers })
      ).json()) as BulkOperation;
    }
    async function waitFor(done: (op: BulkOperation) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await operation();
        if (done(current)) return current;
        if (Date.now() > deadline) throw new Error(`Gave up waiting: ${JSON.stringify(current)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    await waitFor((op) => op.status === 'ready', 60_000);
    expect(
      (await fetch(`${url}/api/bulk-operations/${id}/start/`, { method: 'POST', headers })).status,
    ).toBe(202);
    const beforeKill = await waitFor((op) => op.succeeded >= 5, 60_000);
    await kill();
    const atKill = await db
      .selectFrom('bulk_operations')
      .select(['status', 'succeeded'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The kill must land mid-run, or this test proves nothing.
    expect(beforeKill.status).toBe('running');
    expect(atKill).toMatchObject({ status: 'running' });
    expect(atKill.succeeded).toBeLessThan(ROWS);

    url = await startServer();
    const done = await waitFor((op) => op.status !== 'running', 120_000);
    expect(done).toMatchObject({
      status: 'completed',
      valid_rows: ROWS,
      invalid_rows: 1,
      succeeded: ROWS,
    });

    const rows = await db
      .selectFrom('verifications')
      .select('bulk_row_number')
      .where('bulk_operation_id', '=', id)
      .orderBy('bulk_row_number')
      .execute();
    expect(rows.map((row) => row.bulk_row_number)).toEqual(names.map((_, index) => index + 1));
  } finally {
    await db.destroy();
  }
}, 240_000);
