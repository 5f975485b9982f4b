// Webhook endpoints as the API manages them: create (with its secret), list, read, change, rotate, delete; the
// checks on what a URL may be; the account's limit; who may do what; and the audit log.
import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

import { EDIT_ALL, VIEW_ALL, sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';
import { createWebhook, postWebhook } from '../../../helpers/webhooks';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let owner: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  owner = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

const URL = 'https://hooks.example.com/qr-verify';

function patchWebhook(user: TestUser, id: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PATCH',
    url: `/api/integrations/webhooks/${id}/`,
    headers: user.headers,
    payload,
  });
}

async function auditActions(): Promise<string[]> {
  const rows = await app.db
    .selectFrom('audit_log')
    .select('action')
    .where('object_type', '=', 'webhook')
    .orderBy('occurred_at')
    .execute();
  return rows.map((row) => row.action);
}

test('an endpoint is created with a whsec_ secret of 32 random bytes, listed, read, changed and deleted', async () => {
  const created = await postWebhook(app, owner, {
    url: URL,
    events: ['verification.revoked', 'verification.created'],
    description: 'Student records',
  });
  expect(created.statusCode).toBe(201);
  const webhook = created.json();
  expect(webhook).toEqual({
    id: expect.any(String),
    url: URL,
    description: 'Student records',
    // In the documented order, whatever order they were sent in.
    events: ['verification.created', 'verification.revoked'],
    secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    enabled: true,
    disabled_reason: null,
    created_at: expect.any(String),
  });
  expect(Buffer.from(webhook.secret.slice(6), 'base64')).toHaveLength(32);

  const list = await app.inject({ url: '/api/integrations/webhooks/', headers: owner.headers });
  expect(list.json()).toEqual({ count: 1, results: [webhook] });
  const read = await app.inject({
    url: `/api/integrations/webhooks/${webhook.id}/`,
    headers: owner.headers,
  });
  expect(read.json()).toEqual(webhook);

  const changed = await patchWebhook(owner, webhook.id, {
    url: 'https://other.example.com/hook',
    events: ['bulk_operation.completed'],
    enabled: false,
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toMatchObject({
    url: 'https://other.example.com/hook',
    events: ['bulk_operation.completed'],
    enabled: false,
    disabled_reason: null,
    secret: webhook.secret,
  });

  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/integrations/webhooks/${webhook.id}/`,
    headers: owner.headers,
  });
  expect(deleted.statusCode).toBe(204);
  const gone = await app.inject({
    url: `/api/integrations/webhooks/${webhook.id}/`,
    headers: owner.headers,
  });
  expect(gone.statusCode).toBe(404);
  expect(await auditActions()).toEqual(['webhook.created', 'webhook.updated', 'webhook.deleted']);
});

test('rotate_secret issues a new secret and keeps the old one signing for 24 hours', async () => {
  const webhook = await createWebhook(app, owner, URL);
  const rotated = await patchWebhook(owner, webhook.id, { rotate_secret: true });
  expect(rotated.statusCode).toBe(200);
  expect(rotated.json().secret).toMatch(/^whsec_/);
  expect(rotated.json().secret).not.toBe(webhook.secret);
  const row = await app.db
    .selectFrom('webhook_endpoints')
    .select(['previous_secret', 'previous_secret_expires_at'])
    .where('id', '=', webhook.id)
    .executeTakeFirstOrThrow();
  expect(row.previous_secret).toBe(webhook.secret);
  const hoursLeft = (row.previous_secret_expires_at!.getTime() - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(23.9);
  expect(hoursLeft).toBeLessThanOrEqual(24);
  expect(await auditActions()).toEqual(['webhook.created', 'webhook.secret_rotated']);
});

test.each([
  [{ url: 'http://hooks.example.com/' }, 'url', 'Use an https:// URL.'],
  [{ url: 'ftp://hooks.example.com/' }, 'url', 'Enter a valid URL starting with https://.'],
  [{ url: 'not a url' }, 'url', 'Enter a valid URL starting with https://.'],
  [{ url: 'https://user:pass@hooks.example.com/' }, 'url', 'Leave the user name'],
  [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url', 'at most'],
  [{ events: [] }, 'events', 'Choose at least one event.'],
  [{ events: ['verification.exploded'] }, 'events', 'Must be one of'],
  [{ description: 'x'.repeat(501) }, 'description', 'at most'],
])('%j is refused under details.%s', async (fields, field, message) => {
  const response = await postWebhook(app, owner, {
    url: URL,
    events: ['verification.created'],
    ...fields,
  });
  expect(response.statusCode).toBe(400);
  const { details } = response.json().error;
  expect(Object.keys(details).some((key) => key.startsWith(field))).toBe(true);
  expect(JSON.stringify(details)).toContain(message);
});

test.each([
  'https://127.0.0.1/hook',
  'https://127.1.2.3:8443/hook',
  'https://2130706433/hook',
  'https://10.0.0.5/hook',
  'https://172.16.0.1/hook',
  'https://192.168.1.1/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://100.100.100.200/',
  'https://0.0.0.0/',
  'https://[::1]/hook',
  'https://[fd00:ec2::254]/',
  'https://[fe80::1]/',
  'https://[::ffff:127.0.0.1]/',
])('%s is refused when saved: a local or metadata address', async (url) => {
  const response = await postWebhook(app, owner, { url, events: ['verification.created'] });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details.url[0]).toMatch(/private, local or reserved/);

  const webhook = await createWebhook(app, owner, URL);
  const changed = await patchWebhook(owner, webhook.id, { url });
  expect(changed.statusCode).toBe(400);
  expect(changed.json().error.details).toHaveProperty('url');
});

test('a host name is accepted when saved: it is checked when each delivery connects', async () => {
  const response = await postWebhook(app, owner, {
    url: 'https://localhost/hook',
    events: ['verification.created'],
  });
  expect(response.statusCode).toBe(201);
});

test('http and local addresses are allowed only by their settings', async () => {
  await app.close();
  app = await createTestApp({
    env: { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_LOCAL_URLS: 'true' },
  });
  owner = await signedInUser(app);
  const response = await postWebhook(app, owner, {
    url: 'http://127.0.0.1:9/hook',
    events: ['verification.created'],
  });
  expect(response.statusCode).toBe(201);
});

test(`an account has at most ${INTEGRATION_LIMITS.webhooks} endpoints`, async () => {
  for (let index = 0; index < INTEGRATION_LIMITS.webhooks; index += 1) {
    await createWebhook(app, owner, `${URL}/${index}`);
  }
  const over = await postWebhook(app, owner, { url: URL, events: ['verification.created'] });
  expect(over.statusCode).toBe(400);
  expect(over.json().error.code).toBe('limit_reached');
  // Another account has its own limit.
  const other = await signedInUser(app);
  expect(
    (await postWebhook(app, other, { url: URL, events: ['verification.created'] })).statusCode,
  ).toBe(201);
});

test("another account's endpoint is a 404 on every route", async () => {
  const webhook = await createWebhook(app, owner, URL);
  const other = await signedInUser(app);
  const base = `/api/integrations/webhooks/${webhook.id}`;
  const calls = [
    { method: 'GET', url: `${base}/` },
    { method: 'PATCH', url: `${base}/`, payload: { enabled: false } },
    { method: 'DELETE', url: `${base}/` },
    { method: 'GET', url: `${base}/deliveries/` },
    { method: 'POST', url: `${base}/test/` },
    {
      method: 'POST',
      url: `${base}/deliveries/00000000-0000-4000-8000-000000000000/redeliver/`,
    },
  ] as const;
  for (const call of calls) {
    const response = await app.inject({ ...call, headers: other.headers });
    expect([call.method, call.url, response.statusCode]).toEqual([call.method, call.url, 404]);
  }
  const notAnId = await app.inject({
    url: '/api/integrations/webhooks/not-an-id/',
    headers: owner.headers,
  });
  expect(notAnId.statusCode).toBe(404);
  expect((await app.inject({ url: `${base}/`, headers: owner.headers })).statusCode).toBe(200);
});

test('shared users: view reads endpoints, edit manages them; the owner sees who changed what', async () => {
  const webhook = await createWebhook(app, owner, URL);
  const viewer = await sharedUser(app, owner, VIEW_ALL);
  const editor = await sharedUser(app, owner, EDIT_ALL);

  // A viewer reads the endpoint but not its signing secret, with which deliveries could be forged.
  const list = await app.inject({ url: '/api/integrations/webhooks/', headers: viewer.headers });
  expect(list.json().results).toEqual([{ ...webhook, secret: '' }]);
  const one = await app.inject({
    url: `/api/integrations/webhooks/${webhook.id}/`,
    headers: viewer.headers,
  });
  expect(one.json()).toEqual({ ...webhook, secret: '' });
  const editorList = await app.inject({
    url: '/api/integrations/webhooks/',
    headers: editor.headers,
  });
  expect(editorList.json().results).toEqual([webhook]);
  const viewerCreate = await postWebhook(app, viewer, {
    url: URL,
    events: ['verification.created'],
  });
  expect(viewerCreate.statusCode).toBe(403);
  expect((await patchWebhook(viewer, webhook.id, { enabled: false })).statusCode).toBe(403);

  expect((await patchWebhook(editor, webhook.id, { description: 'By Sam' })).statusCode).toBe(200);
  const entry = await app.db
    .selectFrom('audit_log')
    .select(['actor_id', 'account_id', 'action', 'object_name'])
    .where('action', '=', 'webhook.updated')
    .executeTakeFirstOrThrow();
  expect(entry).toEqual({
    actor_id: editor.id,
    account_id: owner.id,
    action: 'webhook.updated',
    object_name: URL,
  });
});

test('signed out: 401', async () => {
  const response = await app.inject({ url: '/api/integrations/webhooks/' });
  expect(response.statusCode).toBe(401);
});
