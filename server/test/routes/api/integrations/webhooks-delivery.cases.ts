// Webhook deliveries, end to end, to a receiver on loopback: every event with its documented body, signed so that
// the standardwebhooks package verifies it; rotation signing with both secrets; the retry schedule, 410 and
// redirects; the deliveries list, redelivery and the test event; disabled endpoints; batched scan events.
import type { Webhook, WebhookDelivery } from '@common/integrations-schemas';

import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../../helpers/bulk';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import {
  createVerification,
  signedInUser,
  type TestUser,
  type VerificationJson,
} from '../../../helpers/verifications';
import {
  LOCAL_DELIVERY_ENV,
  createWebhook,
  listDeliveries,
  startReceiver,
  verifyDelivery,
  waitForDeliveries,
  type Answer,
  type Receiver,
} from '../../../helpers/webhooks';

import type { FastifyInstance } from 'fastify';

let receiver: Receiver;
let mail: MailCapture;
let app: FastifyInstance;
let owner: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  mail = await startMailCapture();
});

afterAll(async () => {
  await receiver.stop();
  await mail.stop();
});

beforeEach(async () => {
  app = await createTestApp({ env: { ...LOCAL_DELIVERY_ENV, SMTP_URL: mail.smtpUrl } });
  owner = await signedInUser(app);
  // Each test listens at a path of its own, so requests of an earlier test's retries cannot be counted.
  receiver.requests.length = 0;
  mail.clear();
});

afterEach(async () => {
  await app.close();
});

let pathCount = 0;
function freshPath(): string {
  pathCount += 1;
  return `/hook-${pathCount}`;
}

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: owner.headers, payload });
}

function sendTest(webhook: Webhook) {
  return send('POST', `/api/integrations/webhooks/${webhook.id}/test/`);
}

function bodyOf(request: { body: string }) {
  return JSON.parse(request.body) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

const isSettled = (delivery: WebhookDelivery) =>
  delivery.status === 'succeeded' || delivery.status === 'failed';

/** A test event to a new endpoint at a fresh path the receiver answers as told; its delivery once `isDone`. */
async function testDelivery(answer: Answer, isDone: (delivery: WebhookDelivery) => boolean) {
  const path = freshPath();
  receiver.answer(path, answer);
  const webhook = await createWebhook(app, owner, receiver.url(path));
  await sendTest(webhook);
  const [delivery] = await waitForDeliveries(app, owner, webhook.id, ([first]) => isDone(first));
  return { path, webhook, delivery };
}

async function readWebhook(id: string): Promise<Webhook> {
  return (
    await app.inject({ url: `/api/integrations/webhooks/${id}/`, headers: owner.headers })
  ).json();
}

test('each verification event arrives with {type, timestamp, data}, signed so standardwebhooks verifies it', async () => {
  const path = freshPath();
  const webhook = await createWebhook(app, owner, receiver.url(path), [
    'verification.created',
    'verification.updated',
    'verification.revoked',
    'verification.deleted',
  ]);
  // Subscribed to another event only: it gets none of these.
  const otherPath = freshPath();
  await createWebhook(app, owner, receiver.url(otherPath), ['bulk_operation.completed']);

  const created = await createVerification(app, owner);
  const base = `/api/verifications/${created.id}/`;
  const updated: VerificationJson = (
    await send('PATCH', base, { title: 'Master of Science' })
  ).json();
  const revoked: VerificationJson = (
    await send('POST', `${base}revoke/`, { reason: 'Issued in error' })
  ).json();
  expect((await send('DELETE', base)).statusCode).toBe(204);

  const requests = await receiver.waitFor(path, 4);
  const bodies = requests.map(bodyOf).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  expect(bodies.map((body) => body.type)).toEqual([
    'verification.created',
    'verification.updated',
    'verification.revoked',
    'verification.deleted',
  ]);
  // The data is the verification as the API answers it, as each change left it; never the document.
  expect(bodies[0].data).toEqual(created);
  expect(bodies[1].data).toEqual(updated);
  expect(bodies[2].data).toEqual(revoked);
  expect(bodies[3].data).toMatchObject({ id: created.id, status: 'revoked' });
  for (const body of bodies) {
    expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  }

  for (const request of requests) {
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyDelivery(webhook.secret, request)).toEqual(JSON.parse(request.body));
    // Signed with this endpoint's secret, not any other.
    expect(() =>
      verifyDelivery('whsec_' + Buffer.alloc(32, 1).toString('base64'), request),
    ).toThrow();
  }
  expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(4);
  expect(receiver.at(otherPath)).toEqual([]);

  const deliveries = await waitForDeliveries(
    app,
    owner,
    webhook.id,
    (all) => all.length === 4 && all.every(isSettled),
  );
  expect(deliveries[0]).toMatchObject({
    event: 'verification.deleted',
    status: 'succeeded',
    attempt: 1,
    response_status: 200,
    response_excerpt: 'ok',
    duration_ms: expect.any(Number),
    next_retry_at: null,
    last_attempt_at: expect.any(String),
  });
});

test('after a rotation each delivery carries two signatures, each verifying with its own secret', async () => {
  const path = freshPath();
  const webhook = await createWebhook(app, owner, receiver.url(path));
  const rotated: Webhook = (
    await send('PATCH', `/api/integrations/webhooks/${webhook.id}/`, { rotate_secret: true })
  ).json();
  expect((await sendTest(webhook)).statusCode).toBe(202);

  const [request] = await receiver.waitFor(path);
  const signatures = String(request.headers['webhook-signature']).split(' ');
  expect(signatures).toHaveLength(2);
  expect(verifyDelivery(rotated.secret, request)).toMatchObject({ type: 'webhook.test' });
  expect(verifyDelivery(webhook.secret, request)).toMatchObject({ type: 'webhook.test' });
  // Each signature is one secret's: with only one of them left, each secret verifies exactly one.
  for (const secret of [rotated.secret, webhook.secret]) {
    const verifying = signatures.filter((signature) => {
      try {
        verifyDelivery(secret, {
          ...request,
          headers: { ...request.headers, 'webhook-signature': signature },
        });
        return true;
      } catch {
        return false;
      }
    });
    expect(verifying).toHaveLength(1);
  }
});

test('a failing receiver is retried on WEBHOOK_RETRY_SCHEDULE (1,2); then the endpoint is off and the owner mailed', async () => {
  const path = freshPath();
  receiver.answer(path, { status: 500, body: 'Internal trouble' });
  const webhook = await createWebhook(app, owner, receiver.url(path));
  const test = (await sendTest(webhook)).json() as WebhookDelivery;

  const requests = await receiver.waitFor(path, 3, 15_000);
  const times = requests.map((request) => Number(request.headers['webhook-timestamp']));
  expect(times[1] - times[0]).toBeGreaterThanOrEqual(1);
  expect(times[2] - times[1]).toBeGreaterThanOrEqual(2);
  // The same message on every attempt.
  expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(
    new Set([test.message_id]),
  );
  for (const request of requests) expect(verifyDelivery(webhook.secret, request)).toBeTruthy();

  const [delivery] = await waitForDeliveries(app, owner, webhook.id, ([first]) => isSettled(first));
  expect(delivery).toMatchObject({
    status: 'failed',
    attempt: 3,
    response_status: 500,
    response_excerpt: 'Internal trouble',
    next_retry_at: null,
  });
  expect(await readWebhook(webhook.id)).toMatchObject({
    enabled: false,
    disabled_reason: expect.stringMatching(/3 attempts/),
  });
  const [message] = await mail.waitFor(owner.email);
  expect(message.subject).toBe('A webhook endpoint was turned off');
  expect(message.text).toContain(receiver.url(path));

  // No more attempts once given up.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(receiver.at(path)).toHaveLength(3);
});

test('while retrying, a delivery shows its next attempt', async () => {
  const { delivery } = await testDelivery({ status: 503 }, (first) => first.attempt >= 1);
  expect(delivery).toMatchObject({ status: 'retrying', attempt: 1, response_status: 503 });
  const wait = Date.parse(delivery.next_retry_at!) - Date.parse(delivery.last_attempt_at!);
  expect(wait).toBeGreaterThanOrEqual(900);
  expect(wait).toBeLessThan(3000);
});

test('410 Gone turns the endpoint off at once, without retries or mail', async () => {
  const { path, webhook, delivery } = await testDelivery({ status: 410, body: 'gone' }, isSettled);
  expect(delivery).toMatchObject({ status: 'failed', attempt: 1, response_status: 410 });
  expect(await readWebhook(webhook.id)).toMatchObject({
    enabled: false,
    disabled_reason: expect.stringMatching(/410/),
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(receiver.at(path)).toHaveLength(1);
  expect(mail.to(owner.email)).toEqual([]);
});

test('a redirect is not followed: its target receives nothing and the attempt failed', async () => {
  const target = freshPath();
  const { path, delivery } = await testDelivery(
    { status: 302, headers: { location: receiver.url(target) } },
    (first) => first.attempt >= 1,
  );
  expect(delivery).toMatchObject({ status: 'retrying', response_status: 302 });
  expect(delivery.response_excerpt).toContain('not followed');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(receiver.at(path)).toHaveLength(1);
  expect(receiver.at(target)).toEqual([]);
});

test('an answer is kept as its first kilobyte only', async () => {
  const { delivery } = await testDelivery({ status: 200, body: 'x'.repeat(100_000) }, isSettled);
  expect(delivery.status).toBe('succeeded');
  expect(delivery.response_excerpt).toBe('x'.repeat(1024));
});

test('deliveries are listed newest first, a page at a time; redelivery sends the same message again', async () => {
  const path = freshPath();
  const webhook = await createWebhook(app, owner, receiver.url(path));
  const sent: WebhookDelivery[] = [];
  for (let index = 0; index < 3; index += 1) {
    const response = await sendTest(webhook);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ event: 'webhook.test', status: 'pending', attempt: 0 });
    sent.push(response.json());
  }
  await receiver.waitFor(path, 3);
  const first = await listDeliveries(app, owner, webhook.id, '?page_size=2');
  expect(first.count).toBe(3);
  expect(first.results.map((delivery) => delivery.id)).toEqual([sent[2].id, sent[1].id]);
  const second = await listDeliveries(app, owner, webhook.id, '?page_size=2&page=2');
  expect(second.results.map((delivery) => delivery.id)).toEqual([sent[0].id]);
  const tooBig = await app.inject({
    url: `/api/integrations/webhooks/${webhook.id}/deliveries/?page_size=101`,
    headers: owner.headers,
  });
  expect(tooBig.statusCode).toBe(400);

  await waitForDeliveries(app, owner, webhook.id, (all) => all.every(isSettled));
  const again = await send(
    'POST',
    `/api/integrations/webhooks/${webhook.id}/deliveries/${sent[0].id}/redeliver/`,
  );
  expect(again.statusCode).toBe(202);
  const requests = await receiver.waitFor(path, 4);
  expect(requests[3].headers['webhook-id']).toBe(sent[0].message_id);
  expect(requests[3].body).toBe(
    requests.find((r) => r.headers['webhook-id'] === sent[0].message_id)!.body,
  );
  const redelivered = await waitForDeliveries(app, owner, webhook.id, (all) =>
    all.some((delivery) => delivery.id === sent[0].id && delivery.attempt === 2),
  );
  expect(redelivered.find((delivery) => delivery.id === sent[0].id)).toMatchObject({
    status: 'succeeded',
    attempt: 2,
  });

  const unknown = await send(
    'POST',
    `/api/integrations/webhooks/${webhook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver/`,
  );
  expect(unknown.statusCode).toBe(404);
});

test('the test event reaches the endpoint whatever it subscribes to', async () => {
  const path = freshPath();
  const webhook = await createWebhook(app, owner, receiver.url(path), ['bulk_operation.completed']);
  await sendTest(webhook);
  const [request] = await receiver.waitFor(path);
  expect(bodyOf(request)).toMatchObject({ type: 'webhook.test', data: { webhook_id: webhook.id } });
});

test('a turned-off endpoint gets no deliveries; test and redeliver are refused', async () => {
  const path = freshPath();
  const webhook = await createWebhook(app, owner, receiver.url(path));
  await sendTest(webhook);
  await receiver.waitFor(path);
  const [delivery] = await waitForDeliveries(app, owner, webhook.id, ([first]) => isSettled(first));
  await send('PATCH', `/api/integrations/webhooks/${webhook.id}/`, { enabled: false });

  await createVerification(app, owner);
  expect((await sendTest(webhook)).statusCode).toBe(400);
  const redeliver = await send(
    'POST',
    `/api/integrations/webhooks/${webhook.id}/deliveries/${delivery.id}/redeliver/`,
  );
  expect(redeliver.statusCode).toBe(400);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect((await listDeliveries(app, owner, webhook.id)).count).toBe(1);
  expect(receiver.at(path)).toHaveLength(1);

  // Turned on again, it gets the next event.
  await send('PATCH', `/api/integrations/webhooks/${webhook.id}/`, { enabled: true });
  await createVerification(app, owner);
  await receiver.waitFor(path, 2);
});

test('views make at most one verification.scanned event a minute per verification', async () => {
  const path = freshPath();
  await createWebhook(app, owner, receiver.url(path), ['verification.scanned']);
  const verification = await createVerification(app, owner);
  const browser = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0' };
  for (let view = 0; view < 3; view += 1) {
    await app.inject({ url: `/v/${verification.code}`, headers: browser });
  }
  await app.scanRecorder.flush();
  const [request] = await receiver.waitFor(path);
  expect(bodyOf(request)).toMatchObject({
    type: 'verification.scanned',
    data: { id: verification.id, scan_count: 3, last_scanned_at: expect.any(String) },
  });

  // More views within the minute: no event now, one planned for when the minute is up.
  await app.inject({ url: `/v/${verification.code}`, headers: browser });
  await app.scanRecorder.flush();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(receiver.at(path)).toHaveLength(1);
  const planned = await app.db
    .selectFrom('pgboss.job' as never)
    .select(['start_after' as never])
    .where('name' as never, '=', 'webhook-scan-events' as never)
    .where('state' as never, '=', 'created' as never)
    .execute();
  expect(planned).toHaveLength(1);
  const startsIn = (planned[0] as { start_after: Date }).start_after.getTime() - Date.now();
  expect(startsIn).toBeGreaterThan(50_000);
  expect(startsIn).toBeLessThanOrEqual(61_000);
});

test('a bulk run tells of each verification it makes, then bulk_operation.completed', async () => {
  const path = freshPath();
  await createWebhook(app, owner, receiver.url(path), [
    'verification.created',
    'bulk_operation.completed',
  ]);
  const pdf = await makePdf();
  const created = await postBulkOperation(app, owner, {
    sheet: csvPart(
      makeCsv([
        ['file', 'title', 'holder_name'],
        ['a.pdf', 'Certificate', 'Ada'],
        ['b.pdf', 'Certificate', 'Grace'],
      ]),
    ),
    documents: zipPart(
      await makeZip([
        { name: 'a.pdf', data: pdf },
        { name: 'b.pdf', data: pdf },
      ]),
    ),
  });
  const { id } = await waitForStatus(app, owner, created.json().id, ['ready']);
  await startOperation(app, owner, id);
  const operation = await waitForStatus(app, owner, id, ['completed']);

  const bodies = (await receiver.waitFor(path, 3)).map(bodyOf);
  const madeVerifications = bodies.filter((body) => body.type === 'verification.created');
  expect(madeVerifications.map((body) => body.data.holder_name).sort()).toEqual(['Ada', 'Grace']);
  expect(madeVerifications[0].data.bulk_operation).toEqual({ id, name: operation.name });
  const completed = bodies.filter((body) => body.type === 'bulk_operation.completed');
  expect(completed).toHaveLength(1);
  expect(completed[0].data).toMatchObject({ id, status: 'completed', succeeded: 2, failed: 0 });
});
