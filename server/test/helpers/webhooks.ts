// Webhooks in tests: a local receiver (node:http on 127.0.0.1) that keeps every request it gets and answers as the
// test says per path, the standardwebhooks package's check of each delivery, and endpoints made through the API.
import http from 'node:http';

import { Webhook as StandardWebhook } from 'standardwebhooks';

import type { Webhook, WebhookDelivery } from '@common/integrations-schemas';

import type { TestUser } from './verifications';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Receiver {
  /** `http://127.0.0.1:<port>` + path. */
  url(path?: string): string;
  port: number;
  requests: ReceivedRequest[];
  /** Requests that reached this path, oldest first. */
  at(path: string): ReceivedRequest[];
  /** How the receiver answers at this path from now on (200 'ok' unless told). */
  answer(path: string, answer: Answer): void;
  /** Resolves once `count` requests have reached the path. */
  waitFor(path: string, count?: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const answers = new Map<string, Answer>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const answer = answers.get(path) ?? { status: 200, body: 'ok' };
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const at = (path: string) => requests.filter((request) => request.path === path);
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    at,
    answer: (path, answer) => answers.set(path, answer),
    async waitFor(path, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${count} requests never reached ${path} (got ${at(path).length})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return at(path);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What standardwebhooks makes of a delivery signed with `secret`: the payload, or a thrown verification error. */
export function verifyDelivery(secret: string, request: ReceivedRequest): unknown {
  return new StandardWebhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}

/** Settings for delivering to a local receiver quickly: http and loopback allowed, short retries, fast polling. */
export const LOCAL_DELIVERY_ENV = {
  WEBHOOKS_ALLOW_LOCAL_URLS: 'true',
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,2',
  QUEUE_POLL_INTERVAL_SECONDS: '0.5',
};

export function postWebhook(
  app: FastifyInstance,
  user: TestUser,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/integrations/webhooks/',
    headers: user.headers,
    payload,
  });
}

/** Adds an endpoint through the API; fails the test on any answer but 201. */
export async function createWebhook(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  events: string[] = ['verification.created'],
): Promise<Webhook> {
  const response = await postWebhook(app, user, { url, events });
  if (response.statusCode !== 201) {
    throw new Error(`Creating the webhook failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** The endpoint's deliveries, newest first. */
export async function listDeliveries(
  app: FastifyInstance,
  user: TestUser,
  webhookId: string,
  query = '',
): Promise<{ count: number; results: WebhookDelivery[] }> {
  const response = await app.inject({
    url: `/api/integrations/webhooks/${webhookId}/deliveries/${query}`,
    headers: user.headers,
  });
  if (response.statusCode !== 200) {
    throw new Error(`Listing deliveries failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Polls the endpoint's deliveries until `done` holds for them (fails the test after timeoutMs). */
export async function waitForDeliveries(
  app: FastifyInstance,
  user: TestUser,
  webhookId: string,
  done: (deliveries: WebhookDelivery[]) => boolean,
  timeoutMs = 10_000,
): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { results } = await listDeliveries(app, user, webhookId, '?page_size=100');
    if (done(results)) return results;
    if (Date.now() > deadline)
      throw new Error(`Deliveries never got there: ${JSON.stringify(results)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
