// The job queue on the app's own database (PGlite here, Postgres in the server:postgres run): jobs are worked,
// retried when their handler fails, sent with a transaction's rows or not at all, picked up again after the
// process that took them died, and app.close() lets a running job finish.
import { sql } from 'kysely';

import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

const POLICY = { expireInSeconds: 60, retryLimit: 2, retryDelay: 0 };

beforeEach(async () => {
  app = await createTestApp({ env: { QUEUE_POLL_INTERVAL_SECONDS: '0.5' } });
  await app.queue.define('test.echo', POLICY);
});

afterEach(async () => {
  await app?.close();
});

/** Resolves with each job's data as the worker receives it, in order. */
function collect<Data extends object>(
  name: string,
  handle?: (data: Data, attempt: number) => void,
) {
  const seen: Data[] = [];
  const ready = app.queue.work<Data>(name, async (job) => {
    handle?.(job.data, job.retryCount);
    seen.push(job.data);
  });
  return { seen, ready };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobState(id: string): Promise<string | undefined> {
  const { rows } = await sql<{
    state: string;
  }>`select state from pgboss.job where id = ${id}`.execute(app.db);
  return rows[0]?.state;
}

test('a job sent is worked with its data, once, and then completed', async () => {
  const { seen, ready } = collect<{ n: number }>('test.echo');
  await ready;
  const id = await app.queue.send('test.echo', { n: 1 });

  await until(async () => (await jobState(id!)) === 'completed');
  expect(seen).toEqual([{ n: 1 }]);
});

test('a job whose handler throws is tried again', async () => {
  const attempts: number[] = [];
  const { seen, ready } = collect<{ n: number }>('test.echo', (_data, attempt) => {
    attempts.push(attempt);
    if (attempt === 0) throw new Error('flaky');
  });
  await ready;
  const id = await app.queue.send('test.echo', { n: 2 });

  await until(async () => (await jobState(id!)) === 'completed');
  expect(attempts).toEqual([0, 1]);
  expect(seen).toEqual([{ n: 2 }]);
});

test('a job sent in a transaction exists exactly when the transaction commits', async () => {
  await sql`create table test_documents (id serial primary key, title text not null)`.execute(
    app.db,
  );
  const insertAndSend = (title: string, fail: boolean) =>
    app.db.transaction().execute(async (trx) => {
      await sql`insert into test_documents (title) values (${title})`.execute(trx);
      await app.queue.send('test.echo', { title }, { trx });
      if (fail) throw new Error('rolled back');
    });

  await expect(insertAndSend('dropped', true)).rejects.toThrow('rolled back');
  await insertAndSend('kept', false);
  const { seen, ready } = collect<{ title: string }>('test.echo');
  await ready;

  await until(() => seen.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(seen).toEqual([{ title: 'kept' }]);
  await sql`drop table test_documents`.execute(app.db);
});

test('work a dead process had taken is retried once it expires', async () => {
  await app.queue.define('test.expiring', { ...POLICY, expireInSeconds: 1 });
  const id = await app.queue.send('test.expiring', { n: 3 });
  // As a process killed mid-job leaves it: taken, started, never finished.
  await sql`update pgboss.job set state = 'active', started_on = now() - interval '5 seconds'
    where id = ${id}`.execute(app.db);

  const { seen, ready } = collect<{ n: number }>('test.expiring');
  await ready;
  await app.queue.maintain();

  await until(() => seen.length === 1);
  expect(seen).toEqual([{ n: 3 }]);
});

test('a queue must be defined before jobs are sent to it', async () => {
  await expect(app.queue.send('test.undefined', {})).rejects.toThrow(
    'Queue test.undefined is not defined',
  );
});

test('closing the app lets a running job finish first', async () => {
  let finish!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const finished: string[] = [];
  await app.queue.work<{ n: number }>('test.echo', async () => {
    started();
    await new Promise<void>((resolve) => (finish = resolve));
    finished.push('job');
  });
  const id = await app.queue.send('test.echo', { n: 4 });
  await running;

  const closing = app.close().then(() => finished.push('closed'));
  setTimeout(() => finish(), 300);
  await closing;

  expect(finished).toEqual(['job', 'closed']);
  expect(id).toBeTruthy();
});
