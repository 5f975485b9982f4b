// Without WEBHOOKS_ALLOW_LOCAL_URLS, deliveries never reach loopback, private or metadata addresses: literal IPs are
// refused when saved, and every address is checked again as each delivery connects (request-filtering-agent), so
// a name resolving to loopback, or a row saved before the rules, fails with a clear excerpt and sends nothing.
import type { WebhookDelivery } from '@common/integrations-schemas';

import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';
import {
  createWebhook,
  postWebhook,
  startReceiver,
  waitForDeliveries,
  type Receiver,
} from '../../../helpers/webhooks';

import type { FastifyInstance } from 'fastify';

let receiver: Receiver;
let app: FastifyInstance;
let owner: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await createTestApp({
    env: {
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_SCHEDULE: '60',
      QUEUE_POLL_INTERVAL_SECONDS: '0.5',
    },
  });
  owner = await signedInUser(app);
});

afterAll(async () => {
  await app.close();
  await receiver.stop();
});

async function firstAttempt(webhookId: string): Promise<WebhookDelivery> {
  const test = await app.inject({
    method: 'POST',
    url: `/api/integrations/webhooks/${webhookId}/test/`,
    headers: owner.headers,
  });
  expect(test.statusCode).toBe(202);
  const [delivery] = await waitForDeliveries(
    app,
    owner,
    webhookId,
    ([first]) => first.attempt >= 1,
  );
  return delivery;
}

/** An endpoint row as one saved before these rules (or by another path) would be. */
async function insertEndpoint(url: string): Promise<string> {
  const { id } = await app.db
    .insertInto('webhook_endpoints')
    .values({
      account_id: owner.id,
      created_by: owner.id,
      url,
      events: JSON.stringify(['verification.created']),
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      previous_secret: null,
      previous_secret_expires_at: null,
      disabled_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

test('a host name resolving to loopback is refused when the delivery connects', async () => {
  const webhook = await createWebhook(app, owner, `http://localhost:${receiver.port}/named`);
  const delivery = await firstAttempt(webhook.id);
  expect(delivery).toMatchObject({ status: 'retrying', response_status: null });
  expect(delivery.response_excerpt).toMatch(
    /^Not sent: localhost is a private, loopback or reserved address \((127\.0\.0\.1|::1)\)/,
  );
  expect(receiver.requests).toEqual([]);
});

test.each([
  ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/literal`],
  ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
])('%s is refused when saved, and when a saved row points at it', async (address, url) => {
  const refused = await postWebhook(app, owner, {
    url: url(receiver.port),
    events: ['verification.created'],
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details.url).toBeDefined();

  const delivery = await firstAttempt(await insertEndpoint(url(receiver.port)));
  expect(delivery).toMatchObject({ status: 'retrying', response_status: null });
  expect(delivery.response_excerpt).toContain(`reserved address (${address})`);
  expect(receiver.requests).toEqual([]);
});
