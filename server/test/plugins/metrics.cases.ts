// /metrics as a Prometheus scraper sees it: absent without METRICS_TOKEN, for the token's bearer only, and counting
// what the app did (requests by route pattern, public views, securing, the queue, webhooks, the public cache).
import { sharedTestApp } from '../helpers/test-app';
import { createVerification, signedInUser } from '../helpers/verifications';
import {
  createWebhook,
  LOCAL_DELIVERY_ENV,
  startReceiver,
  waitForDeliveries,
  type Receiver,
} from '../helpers/webhooks';

import type { FastifyInstance } from 'fastify';

const TOKEN = 'metrics-token-for-the-tests';
const METRICS_ENV = { METRICS_TOKEN: TOKEN, ...LOCAL_DELIVERY_ENV };
const FAILING_QUEUE = 'metrics-test-failing';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// `name{a="1",b="2"} 3` lines of the text format; comments skipped.
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, label]) => [key, label]),
      );
      return { name, labels, value: Number(value) };
    });
}

/** The sample's value, or undefined when the scrape has no sample with that name and those labels. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, label]) => sample.labels[key] === label),
  )?.value;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return samplesOf(response.body);
}

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.stop();
});

test('there is no /metrics without METRICS_TOKEN', async () => {
  const app = await sharedTestApp();

  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });

  expect(response.statusCode).toBe(404);
});

test.each([
  ['no', undefined],
  ['a wrong', `Bearer ${TOKEN}-not`],
  ['a non-bearer', `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`],
])('%s token gets 401 asking for a bearer', async (_case, authorization) => {
  const app = await sharedTestApp({ env: METRICS_ENV });

  const response = await app.inject({
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  expect(response.body).not.toContain('qrverify_');
});

test('counts what the app did, by route pattern', async () => {
  const app = await sharedTestApp({ env: METRICS_ENV });
  const owner = await signedInUser(app);
  const webhook = await createWebhook(app, owner, receiver.url());
  const { code } = await createVerification(app, owner);
  expect((await app.inject({ url: `/v/${code}` })).statusCode).toBe(200);
  expect((await app.inject({ url: `/api/public/verifications/${code}/` })).statusCode).toBe(200);
  await waitForDeliveries(app, owner, webhook.id, (deliveries) =>
    deliveries.some((delivery) => delivery.status === 'succeeded'),
  );

  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });

  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.body).not.toContain(code);
  const samples = samplesOf(response.body);
  const page = { method: 'GET', route: '/v/:code', status: '2xx' };
  expect(valueOf(samples, 'qrverify_http_requests_total', page)).toBe(1);
  expect(valueOf(samples, 'qrverify_http_request_duration_seconds_count', page)).toBe(1);
  expect(valueOf(samples, 'qrverify_http_requests_total', { route: '/metrics' })).toBeUndefined();
  expect(valueOf(samples, 'qrverify_public_views_total', { via: 'page' })).toBe(1);
  expect(valueOf(samples, 'qrverify_public_views_total', { via: 'api' })).toBe(1);
  expect(valueOf(samples, 'qrverify_securing_duration_seconds_count', { job: 'document' })).toBe(1);
  expect(valueOf(samples, 'qrverify_queue_depth', { queue: 'webhook-deliveries' })).toBe(0);
  // Both views were answered from memory: saving the verification loaded it.
  expect(valueOf(samples, 'qrverify_public_cache_hits_total', { cache: 'verifications' })).toBe(2);
  expect(
    valueOf(samples, 'qrverify_public_cache_misses_total', { cache: 'verifications' }),
  ).toBeGreaterThanOrEqual(1);
  expect(valueOf(samples, 'qrverify_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
  expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
});

test('counts jobs that fail, per queue', async () => {
  const app = await sharedTestApp({ env: METRICS_ENV });
  await app.queue.define(FAILING_QUEUE, { expireInSeconds: 30, retryLimit: 0, retryDelay: 0 });
  let failed: () => void;
  const hasFailed = new Promise<void>((resolve) => (failed = resolve));
  await app.queue.work(FAILING_QUEUE, async () => {
    // Resolved after the queue has caught (and counted) the throw below.
    setImmediate(failed);
    throw new Error('Failing on purpose');
  });

  await app.queue.send(FAILING_QUEUE, {});
  await hasFailed;

  expect(valueOf(await scrape(app), 'qrverify_job_failures_total', { queue: FAILING_QUEUE })).toBe(
    1,
  );
});
