// An operation's life after validation: started once, followed live, cancelled, run twice at once without a
// second verification for any row, listed and deleted.
import { parse } from 'csv-parse/sync';

import type { BulkOperation } from '@common/bulk-schemas';

import {
  csvPart,
  getOperation,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../../helpers/bulk';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

let app: FastifyInstance;
let user: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  user = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

async function readyOperation(rows: number): Promise<BulkOperation> {
  const pdf = await makePdf();
  const names = Array.from({ length: rows }, (_, index) => `doc-${index + 1}.pdf`);
  const zip = await makeZip(names.map((name) => ({ name, data: pdf })));
  const sheet = makeCsv([
    ['file', 'title', 'holder_name'],
    ...names.map((name, index) => [name, 'Certificate', `Holder ${index + 1}`]),
  ]);
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    documents: zipPart(zip),
  });
  return waitForStatus(app, user, created.json().id, ['ready']);
}

async function verificationCount(id: string): Promise<number> {
  const { count } = await app.db
    .selectFrom('verifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('bulk_operation_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

test('an operation starts once, from ready only; a second start is a 409', async () => {
  const { id } = await readyOperation(2);
  const started = await startOperation(app, user, id);
  expect(started.statusCode).toBe(202);
  expect(started.json()).toMatchObject({ status: 'running', started_at: expect.any(String) });

  const again = await startOperation(app, user, id);
  expect(again.statusCode).toBe(409);
  expect(again.json().error).toMatchObject({ code: 'bulk_operation_not_ready' });
  await waitForStatus(app, user, id, ['completed']);
  expect(await verificationCount(id)).toBe(2);
});

test('two jobs working the same run at once make exactly one verification per row', async () => {
  const { id } = await readyOperation(6);
  // Running, as start makes it, but without its job: the two below stand for a job and its retry.
  await app.db
    .updateTable('bulk_operations')
    .set({ status: 'running', started_at: new Date(), run_date: '2026-01-01' })
    .where('id', '=', id)
    .execute();

  await Promise.all([app.services.bulk.processOnce(id), app.services.bulk.processOnce(id)]);
  await app.services.bulk.processOnce(id);

  expect(await verificationCount(id)).toBe(6);
  expect(await getOperation(app, user, id)).toMatchObject({
    status: 'completed',
    succeeded: 6,
    failed: 0,
  });
});

test('cancelling keeps the rows already secured and stops the rest; the report says which', async () => {
  const { id } = await readyOperation(3);
  // Cancelled while ready: nothing was secured.
  const cancelled = await app.inject({
    method: 'POST',
    url: `/api/bulk-operations/${id}/cancel/`,
    headers: user.headers,
  });
  expect(cancelled.statusCode).toBe(202);
  expect(cancelled.json()).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });
  expect((await startOperation(app, user, id)).statusCode).toBe(409);
  const again = await app.inject({
    method: 'POST',
    url: `/api/bulk-operations/${id}/cancel/`,
    headers: user.headers,
  });
  expect(again.statusCode).toBe(409);

  const report = await app.inject({
    url: `/api/bulk-operations/${id}/report/`,
    headers: user.headers,
  });
  expect(report.body.trim().split('\n').slice(1)).toEqual([
    '1,cancelled,,,',
    '2,cancelled,,,',
    '3,cancelled,,,',
  ]);
  expect(await verificationCount(id)).toBe(0);
});

test('progress arrives as Server-Sent Events until the run is over', async () => {
  const { id } = await readyOperation(4);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await startOperation(app, user, id);

  const response = await fetch(`http://127.0.0.1:${port}/api/bulk-operations/${id}/events/`, {
    headers: user.headers,
  });
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((block) => block.startsWith('event: progress'))
    .map((block) => JSON.parse(block.split('\ndata: ')[1]) as BulkOperation);

  expect(events.length).toBeGreaterThanOrEqual(1);
  const processed = events.map((event) => event.processed);
  expect(processed).toEqual([...processed].sort((a, b) => a - b));
  expect(events.at(-1)).toMatchObject({ status: 'completed', processed: 4, succeeded: 4 });
});

test('closing the app ends an open event stream', async () => {
  const { id } = await readyOperation(1);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // Ready: the stream stays open, waiting for a start.
  const response = await fetch(`http://127.0.0.1:${port}/api/bulk-operations/${id}/events/`, {
    headers: user.headers,
  });
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toContain('"status":"ready"');

  const closing = app.close();
  for (;;) if ((await reader.read()).done) break;
  await closing;
});

test('the list pages newest first; deleting removes the operation and its files, not its verifications', async () => {
  const first = await readyOperation(1);
  const second = await readyOperation(1);
  await startOperation(app, user, first.id);
  await waitForStatus(app, user, first.id, ['completed']);

  const page = await app.inject({
    url: '/api/bulk-operations/?page_size=1',
    headers: user.headers,
  });
  expect(page.json()).toMatchObject({
    count: 2,
    page: 1,
    page_size: 1,
    results: [{ id: second.id }],
  });

  const files = await app.storage.list(`bulk/${first.id}`);
  expect(files.length).toBeGreaterThan(0);
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/bulk-operations/${first.id}/`,
    headers: user.headers,
  });
  expect(deleted.statusCode).toBe(204);
  expect(await app.storage.list(`bulk/${first.id}`)).toEqual([]);
  expect(
    (await app.inject({ url: `/api/bulk-operations/${first.id}/`, headers: user.headers }))
      .statusCode,
  ).toBe(404);
  const verifications = await app.inject({ url: '/api/verifications/', headers: user.headers });
  expect(verifications.json().results).toEqual([expect.objectContaining({ bulk_operation: null })]);
});

test('the report writes a cell a spreadsheet would run (a header typed as a formula) as text', async () => {
  const header = '=HYPERLINK("http://evil.example","Open")';
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(
      makeCsv([
        ['file', 'title', header],
        ['doc-1.pdf', 'Certificate', ''],
      ]),
    ),
    documents: zipPart(await makeZip([{ name: 'doc-1.pdf', data: await makePdf() }])),
    mapping: JSON.stringify({ holder_name: header }),
  });
  const { id } = await waitForStatus(app, user, created.json().id, ['invalid']);
  const report = await app.inject({
    url: `/api/bulk-operations/${id}/report/`,
    headers: user.headers,
  });

  const [row] = parse(report.body, { columns: true }) as Array<Record<string, string>>;
  expect(row.error.startsWith(`'${header}: `)).toBe(true);
});

test('another account sees none of it', async () => {
  const { id } = await readyOperation(1);
  const stranger = await signedInUser(app);
  for (const url of [
    `/api/bulk-operations/${id}/`,
    `/api/bulk-operations/${id}/report/`,
    `/api/bulk-operations/not-a-uuid/`,
  ]) {
    expect((await app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
  }
  const list = await app.inject({ url: '/api/bulk-operations/', headers: stranger.headers });
  expect(list.json()).toMatchObject({ count: 0, results: [] });
});
