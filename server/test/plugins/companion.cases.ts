import { createServer, type Server } from 'node:http';

import { WebSocket } from 'ws';

import { loadConfig } from '../../src/config';
import { companionOptions } from '../../src/plugins/companion';
import { describeWithRedis, TEST_REDIS_URL } from '../helpers/redis';
import { sharedUser } from '../helpers/team';
import { createTestApp } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';
import { formData, signedInUser, VALID_FIELDS, type TestUser } from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

let app: FastifyInstance;
let files: Server;
let filesUrl: string;
let pdf: Buffer;

// Stands in for the web: a PDF, a page that is not there.
beforeAll(async () => {
  pdf = await makePdf();
  files = createServer((request, response) => {
    if (request.url === '/diploma.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
      response.end(request.method === 'HEAD' ? undefined : pdf);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => files.close(resolve));
});

afterEach(async () => {
  await app?.close();
});

let baseUrl: string;

/** The app listening on a free port that is also its PUBLIC_URL. Companion is an express app, which takes
 * over the response object, so it is tested over HTTP rather than with app.inject. */
async function startApp(env: Record<string, string> = {}): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  app = await createTestApp({ env: { PUBLIC_URL: baseUrl, ...env } });
  await app.listen({ host: '127.0.0.1', port });
}

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

function linkMeta(user: TestUser | null, url: unknown) {
  return call('/companion/url/meta', {
    method: 'POST',
    headers: { ...user?.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
}

describe('with local links allowed (tests and local runs)', () => {
  beforeEach(async () => {
    await startApp({ COMPANION_ALLOW_LOCAL_URLS: 'true' });
  });

  it("tells a signed-in user a link's name, type and size", async () => {
    const user = await signedInUser(app);
    const meta = await linkMeta(user, `${filesUrl}/diploma.pdf`);
    expect(meta.status).toBe(200);
    expect(meta.json()).toEqual({ name: 'diploma.pdf', type: 'application/pdf', size: pdf.length });
  });

  it('answers 401 without a signed-in user, before fetching anything', async () => {
    expect((await linkMeta(null, `${filesUrl}/diploma.pdf`)).status).toBe(401);
    const bogus = await linkMeta(
      { id: '', email: '', headers: { authorization: 'Bearer nope' } },
      filesUrl,
    );
    expect(bogus.status).toBe(401);
  });

  it('refuses a shared user who may only view verifications, and lets one who may edit them', async () => {
    const owner = await signedInUser(app);
    const viewer = await sharedUser(app, owner, { verifications: 'view' });
    const editor = await sharedUser(app, owner, { verifications: 'edit' });

    const refused = await linkMeta(viewer, `${filesUrl}/diploma.pdf`);
    expect(refused.status).toBe(403);
    expect(refused.json().error.code).toBe('permission_denied');
    expect((await linkMeta(editor, `${filesUrl}/diploma.pdf`)).status).toBe(200);
  });

  // Companion's Express routes match in any case and with repeated slashes; the check must see the same paths.
  it.each([
    '/companion/URL/meta',
    '/companion/Url/meta',
    '/companion//url/meta',
    '/companion/url//meta',
  ])('answers 401 without a signed-in user at %s as well', async (path) => {
    const response = await call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${filesUrl}/diploma.pdf` }),
    });
    expect(response.status).toBe(401);
  });

  it('does not say it runs on Express, and carries the Permissions-Policy', async () => {
    const user = await signedInUser(app);
    for (const [path, headers] of [
      ['/companion/url/meta', user.headers],
      ['/companion/nothing-here', {}],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${filesUrl}/diploma.pdf` }),
      });
      await response.text();
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('answers a bad link with a 4xx, never a 5xx', async () => {
    const user = await signedInUser(app);
    const missing = await linkMeta(user, `${filesUrl}/missing.pdf`);
    expect(missing.status).toBe(422);
    expect(missing.json()).toEqual({ message: 'failed to fetch URL metadata' });

    const noHost = await linkMeta(user, 'http://no-such-host.invalid/diploma.pdf');
    expect(noHost.status).toBe(422);

    for (const url of ['not a url', 'ftp://example.com/a.pdf', '']) {
      expect((await linkMeta(user, url)).status).toBe(400);
    }
    for (const url of [42, null, { href: filesUrl }]) {
      const { status } = await linkMeta(user, url);
      expect(status >= 400 && status < 500).toBe(true);
    }
    const broken = await call('/companion/url/meta', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: '{"url":',
    });
    expect(broken.status).toBe(400);
  });

  it('answers paths it does not know with 404', async () => {
    const response = await call('/companion/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json().error.message).toBe('Not found');
    expect((await call('/companion')).status).toBe(404);
  });
});

test('by default a link to a loopback or private address is refused with a 4xx', async () => {
  await startApp();
  const user = await signedInUser(app);
  const response = await linkMeta(user, `${filesUrl}/diploma.pdf`);
  expect(response.status).toBe(422);
});

describe('importing a link end to end', () => {
  beforeEach(async () => {
    await startApp({ COMPANION_ALLOW_LOCAL_URLS: 'true' });
  });

  async function startImport(user: TestUser, endpoint: string) {
    const response = await fetch(`${baseUrl}/companion/url/get`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        fileId: `${filesUrl}/diploma.pdf`,
        url: `${filesUrl}/diploma.pdf`,
        protocol: 'multipart',
        endpoint,
        size: pdf.length,
        fieldname: 'file',
        metadata: { name: 'diploma.pdf' },
        httpMethod: 'post',
        useFormData: true,
        headers: user.headers,
      }),
    });
    return { status: response.status, body: (await response.json()) as { token?: string } };
  }

  /** What Companion reports over the socket once the upload is done (or failed). */
  function outcome(
    token: string,
  ): Promise<{ action: string; payload: { response: { status: number; responseText: string } } }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/companion/api/${token}`);
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.action === 'success' || message.action === 'error') {
          socket.close();
          resolve(message);
        }
      });
      socket.on('error', reject);
    });
  }

  it('fetches the file into a staged upload of the user, from which a verification is made', async () => {
    const user = await signedInUser(app);
    const started = await startImport(user, `${baseUrl}/api/uploads/`);
    expect(started.status).toBe(200);

    const result = await outcome(started.body.token!);
    expect(result.action).toBe('success');
    expect(result.payload.response.status).toBe(201);
    const upload = JSON.parse(result.payload.response.responseText);
    expect(upload).toMatchObject({
      name: 'diploma.pdf',
      type: 'application/pdf',
      size: pdf.length,
    });

    const bytes = await fetch(`${baseUrl}/api/uploads/${upload.id}/`, { headers: user.headers });
    expect(Buffer.from(await bytes.arrayBuffer()).equals(pdf)).toBe(true);

    const form = formData({ ...VALID_FIELDS, upload_id: upload.id });
    const created = await fetch(`${baseUrl}/api/verifications/`, {
      method: 'POST',
      headers: { ...user.headers, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(created.status).toBe(201);
  });

  it('sends files nowhere but our own staging endpoint', async () => {
    const user = await signedInUser(app);
    for (const endpoint of [
      'http://example.com/api/uploads/',
      `${baseUrl}/api/verifications/`,
      `http://evil.example/?${baseUrl}/api/uploads/`,
    ]) {
      const started = await startImport(user, endpoint);
      expect(started.status).toBe(400);
    }
  });
});

describeWithRedis('with REDIS_URL (several instances)', () => {
  test("Companion is given Redis for its uploads' state and progress events", () => {
    const config = loadConfig({ REDIS_URL: TEST_REDIS_URL, DATA_DIR: '/tmp/unused' });

    expect(companionOptions(config, 'secret', '/tmp/unused')).toMatchObject({
      redisUrl: TEST_REDIS_URL,
    });
  });

  test('a cloud sign-in keeps its session in Redis, where any instance finds it', async () => {
    await startApp({
      REDIS_URL: TEST_REDIS_URL,
      COMPANION_GOOGLE_KEY: 'google-key',
      COMPANION_GOOGLE_SECRET: 'google-secret',
    });
    // Companion hands over to its OAuth library, which keeps the sign-in's state in the session.
    const start = await fetch(`${baseUrl}/companion/drive/connect`, { redirect: 'manual' });
    const toProvider = await fetch(new URL(start.headers.get('location')!, baseUrl), {
      redirect: 'manual',
    });
    const cookie = toProvider.headers.get('set-cookie') ?? '';
    const sessionId = /companion\.sid=s%3A([^.;]+)\./.exec(cookie)?.[1];

    expect(new URL(toProvider.headers.get('location')!).hostname).toBe('accounts.google.com');
    expect(sessionId).toBeDefined();
    const key = `qrv:companion-session:${sessionId}`;
    try {
      expect(await app.redis!.get(key)).toContain('grant');
    } finally {
      await app.redis!.del(key);
    }
  });
});
