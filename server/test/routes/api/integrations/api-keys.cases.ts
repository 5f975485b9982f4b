// API keys: the lifecycle (the key shown once, only its hash stored, revoked at once, last use noted), what a key
// may call (the resource endpoints, as the owner; nothing about sign-in, the team or integrations), its own rate
// limit, and who on the team may manage keys.
import { createHash } from 'node:crypto';

import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

import { apiKeyHeaders, createApiKey } from '../../../helpers/api-keys';
import { csvPart, makeCsv, makeZip, postBulkOperation, zipPart } from '../../../helpers/bulk';
import { NO_ACCESS, sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import {
  createVerification,
  signedInUser,
  uploadVerification,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const KEYS_URL = '/api/integrations/api-keys/';
const OLIVIA = { email: 'olivia@example.com', name: 'Olivia Hopper' };

let app: FastifyInstance;
let owner: TestUser;

afterEach(async () => {
  await app?.close();
});

async function startApp(env: Record<string, string> = {}): Promise<void> {
  app = await createTestApp({ env });
  owner = await signedInUser(app, { email: 'olivia@example.com', firstName: 'Olivia' });
}

/** Someone calling with the key: the owner's account, the key's headers (for the helpers that take a user). */
function keyCaller(key: string): TestUser {
  return { id: owner.id, email: owner.email, headers: apiKeyHeaders(key) };
}

function call(
  headers: { authorization: string },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers, payload });
}

interface ListedKey {
  id: string;
  name: string;
  prefix: string;
  last_used_at: string | null;
}

async function listKeys(user: TestUser = owner): Promise<{ count: number; results: ListedKey[] }> {
  const response = await call(user.headers, 'GET', KEYS_URL);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('lifecycle', () => {
  beforeEach(() => startApp());

  test('the key is answered once, listed only by its prefix, and stored only as its hash', async () => {
    const response = await call(owner.headers, 'POST', KEYS_URL, { name: '  HR system ' });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: string; key: string; prefix: string }>();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'HR system',
      prefix: created.key.slice(0, 12),
      key: expect.stringMatching(/^qrv_[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
    });

    const list = await listKeys();
    expect(list).toEqual({
      count: 1,
      results: [
        {
          id: created.id,
          name: 'HR system',
          prefix: created.prefix,
          created_at: expect.any(String),
          last_used_at: null,
          created_by: OLIVIA,
        },
      ],
    });
    expect(JSON.stringify(list)).not.toContain(created.key);

    const rows = await app.db.selectFrom('api_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(12));
  });

  test('newest first; a second key is a different key', async () => {
    const first = await createApiKey(app, owner, 'First');
    const second = await createApiKey(app, owner, 'Second');
    expect(second).not.toBe(first);
    expect((await listKeys()).results.map((key) => key.name)).toEqual(['Second', 'First']);
  });

  test('a revoked key answers 401 at once and leaves the list', async () => {
    const key = await createApiKey(app, owner);
    const [{ id }] = (await listKeys()).results;
    expect((await call(apiKeyHeaders(key), 'GET', '/api/verifications/')).statusCode).toBe(200);

    expect((await call(owner.headers, 'DELETE', `${KEYS_URL}${id}/`)).statusCode).toBe(204);
    const refused = await call(apiKeyHeaders(key), 'GET', '/api/verifications/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({
      code: 'not_authenticated',
      message: expect.stringContaining('Invalid API key.'),
    });
    expect(await listKeys()).toEqual({ count: 0, results: [] });
    // Revoked already: nothing left to revoke.
    expect((await call(owner.headers, 'DELETE', `${KEYS_URL}${id}/`)).statusCode).toBe(404);

    const audit = await call(owner.headers, 'GET', '/api/team/audit/');
    expect(
      audit
        .json<{ results: Array<{ action: string; object: object }> }>()
        .results.map((entry) => [entry.action, entry.object]),
    ).toEqual([
      ['api_key.revoked', { type: 'api_key', id, name: 'Student information system' }],
      ['api_key.created', { type: 'api_key', id, name: 'Student information system' }],
    ]);
  });

  test('an unknown key answers 401, on a route a key could call', async () => {
    const response = await call(apiKeyHeaders(`qrv_${'A'.repeat(43)}`), 'GET', '/api/templates/');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toContain('Invalid API key.');
  });

  test('last use is noted, at most once a minute', async () => {
    const key = await createApiKey(app, owner);
    const lastUsed = async () => (await listKeys()).results[0].last_used_at;
    await call(apiKeyHeaders(key), 'GET', '/api/templates/');
    const first = await lastUsed();
    expect(first).not.toBeNull();

    await call(apiKeyHeaders(key), 'GET', '/api/templates/');
    expect(await lastUsed()).toBe(first);

    const aMinuteAgo = new Date(Date.parse(first!) - 61_000);
    await app.db.updateTable('api_keys').set({ last_used_at: aMinuteAgo }).execute();
    await call(apiKeyHeaders(key), 'GET', '/api/templates/');
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(first!) - 1_000);
  });

  test("another account's key, or an id that is no key, is not found", async () => {
    const other = await signedInUser(app);
    await createApiKey(app, other);
    const [theirs] = (await listKeys(other)).results;
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call(owner.headers, 'DELETE', `${KEYS_URL}${id}/`);
      expect([id, response.statusCode]).toEqual([id, 404]);
    }
    expect((await listKeys(other)).count).toBe(1);
  });

  test('a name is required', async () => {
    const response = await call(owner.headers, 'POST', KEYS_URL, { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ name: ['This field may not be blank.'] });
  });

  test(`an account has at most ${INTEGRATION_LIMITS.api_keys} live keys`, async () => {
    await app.db
      .insertInto('api_keys')
      .values(
        Array.from({ length: INTEGRATION_LIMITS.api_keys }, (_, index) => ({
          account_id: owner.id,
          created_by: owner.id,
          name: `Key ${index}`,
          prefix: 'qrv_test',
          key_hash: `hash-${index}`,
        })),
      )
      .execute();
    const refused = await call(owner.headers, 'POST', KEYS_URL, { name: 'One more' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'limit_reached',
      message: expect.stringContaining(`at most ${INTEGRATION_LIMITS.api_keys} API keys`),
    });

    const [{ id }] = (await listKeys()).results;
    await call(owner.headers, 'DELETE', `${KEYS_URL}${id}/`);
    expect((await call(owner.headers, 'POST', KEYS_URL, { name: 'One more' })).statusCode).toBe(
      201,
    );
  });
});

describe('what a key may call', () => {
  beforeEach(() => startApp());

  test('works on the resource endpoints as the owner, whoever made the key', async () => {
    const maker = await sharedUser(app, owner, { ...NO_ACCESS, integrations: 'edit' });
    const key = keyCaller(await createApiKey(app, maker));

    const upload = await uploadVerification(app, key, { title: 'By the SIS' });
    expect(upload.statusCode).toBe(201);
    const verification = upload.json<{ id: string; created_by: object }>();
    expect(verification.created_by).toEqual(OLIVIA);

    const document = await call(
      key.headers,
      'GET',
      `/api/verifications/${verification.id}/document/`,
    );
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const templates = await call(key.headers, 'GET', '/api/templates/');
    expect(templates.statusCode).toBe(200);
    expect(templates.json().count).toBe(1);

    const bulk = await postBulkOperation(app, key, {
      sheet: csvPart(
        makeCsv([
          ['file', 'title', 'holder_name'],
          ['a.pdf', 'BSc', 'Ada'],
        ]),
      ),
      documents: zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }])),
    });
    expect(bulk.statusCode).toBe(201);
    const operations = await call(key.headers, 'GET', '/api/bulk-operations/');
    expect(operations.statusCode).toBe(200);
    expect(operations.json().results).toEqual([
      expect.objectContaining({ id: bulk.json().id, created_by: OLIVIA }),
    ]);

    // The owner sees what the key did as their own.
    const own = await createVerification(app, owner);
    const list = await call(owner.headers, 'GET', '/api/verifications/');
    expect(list.json().count).toBe(2);
    expect(own.created_by).toEqual(OLIVIA);
  });

  test.each([
    ['GET', '/api/auth/profile/'],
    ['GET', '/api/team/users/'],
    ['GET', '/api/team/audit/'],
    ['GET', KEYS_URL],
    ['POST', KEYS_URL],
    ['GET', '/api/integrations/webhooks/'],
    ['POST', '/api/integrations/webhooks/'],
  ] as const)('is refused with 403 on %s %s', async (method, url) => {
    const key = await createApiKey(app, owner);
    const response = await call(
      apiKeyHeaders(key),
      method,
      url,
      method === 'POST' ? {} : undefined,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'api_key_not_allowed',
      message: 'API keys cannot be used here. Sign in to manage this.',
    });
  });

  test('cannot revoke itself or another key', async () => {
    const key = await createApiKey(app, owner);
    const [{ id }] = (await listKeys()).results;
    const response = await call(apiKeyHeaders(key), 'DELETE', `${KEYS_URL}${id}/`);
    expect(response.statusCode).toBe(403);
    expect((await listKeys()).count).toBe(1);
  });
});

describe('rate limit per key', () => {
  beforeEach(() => startApp({ RATE_LIMIT_API_KEY_REQUESTS: '3' }));

  test('each answer tells what is left; beyond the limit 429 with Retry-After', async () => {
    const key = apiKeyHeaders(await createApiKey(app, owner));
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await call(key, 'GET', '/api/templates/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const refused = await call(key, 'GET', '/api/templates/');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: expect.stringContaining('API key'),
    });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  test('counts each key on its own, and never the signed-in user', async () => {
    const first = apiKeyHeaders(await createApiKey(app, owner, 'First'));
    const second = apiKeyHeaders(await createApiKey(app, owner, 'Second'));
    for (let index = 0; index < 4; index += 1) await call(first, 'GET', '/api/templates/');
    expect((await call(first, 'GET', '/api/templates/')).statusCode).toBe(429);

    const other = await call(second, 'GET', '/api/templates/');
    expect([other.statusCode, other.headers['ratelimit-remaining']]).toEqual([200, '2']);
    const byToken = await call(owner.headers, 'GET', '/api/templates/');
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('shared users', () => {
  beforeEach(() => startApp());

  test('integrations view lists the keys but cannot create or revoke one', async () => {
    await createApiKey(app, owner);
    const viewer = await sharedUser(app, owner, { integrations: 'view' });
    const [{ id }] = (await listKeys(viewer)).results;
    expect((await call(viewer.headers, 'POST', KEYS_URL, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(viewer.headers, 'DELETE', `${KEYS_URL}${id}/`)).statusCode).toBe(403);
    expect((await listKeys()).count).toBe(1);
  });

  test('integrations edit manages the keys, named as their creator', async () => {
    const editor = await sharedUser(
      app,
      owner,
      { integrations: 'edit' },
      { email: 'sam@example.com' },
    );
    await createApiKey(app, editor);
    const [listed] = (await listKeys()).results;
    expect(listed).toMatchObject({ created_by: { email: 'sam@example.com', name: 'Sam Shared' } });
    expect((await call(editor.headers, 'DELETE', `${KEYS_URL}${listed.id}/`)).statusCode).toBe(204);
  });

  test('no integrations access sees nothing', async () => {
    const outsider = await sharedUser(app, owner, { ...NO_ACCESS, verifications: 'edit' });
    expect((await call(outsider.headers, 'GET', KEYS_URL)).statusCode).toBe(403);
    expect((await call(outsider.headers, 'POST', KEYS_URL, { name: 'Mine' })).statusCode).toBe(403);
  });
});
