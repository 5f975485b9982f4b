import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { createTempDir, createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const ASSET_JS = 'console.log("app");';
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let staticDir: string;
let app: FastifyInstance;

async function writeBuiltSpa(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'assets', 'app.3f2a1c.js'), ASSET_JS);
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *');
}

beforeEach(async () => {
  staticDir = await createTempDir();
});

afterEach(async () => {
  await app.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('with a built SPA', () => {
  beforeEach(async () => {
    await writeBuiltSpa(staticDir);
    app = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });

  test('hashed assets are cached for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app.3f2a1c.js' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET_JS);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  test.each(['/', '/index.html'])(
    '%s serves index.html, revalidated on every load',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });

      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  test('other files at the root are revalidated rather than cached forever', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test.each(['/signin', '/settings/users', '/templates/42/edit?tab=design'])(
    'a browser navigation to the client route %s gets index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  test('a missing asset is a 404, not index.html', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app.old.js',
      headers: { accept: '*/*' },
    });

    expect(response.statusCode).toBe(404);
  });

  test('a request that does not accept HTML gets a 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/signin',
      headers: { accept: 'application/json' },
    });

    expect(response.statusCode).toBe(404);
  });

  // /v/{code} itself is the server-rendered verification page (test/routes/v/); no other /v path is the SPA's.
  test.each(['/api/no-such-thing/', '/api', '/v/ABC123/no-such-page'])(
    '%s never falls back to index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { message: 'Not found' } });
    },
  );

  test('a file placed under the static folder is not reachable through /api/', async () => {
    await mkdir(path.join(staticDir, 'api'));
    await writeFile(path.join(staticDir, 'api', 'secret.json'), '{}');

    const response = await app.inject({ method: 'GET', url: '/api/secret.json' });

    expect(response.statusCode).toBe(404);
  });

  test('pages carry the security headers the SPA is built for', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/signin',
      headers: { accept: HTML_ACCEPT },
    });

    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The social sign-in popup must be able to report back to the page that opened it.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

test('before the SPA is built, a navigation explains how to build it', async () => {
  app = await createTestApp({ env: { STATIC_DIR: path.join(staticDir, 'missing') } });

  const response = await app.inject({
    method: 'GET',
    url: '/signin',
    headers: { accept: HTML_ACCEPT },
  });

  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(response.body).toBe('The web app is not built yet: run npm run build');
});

test('over https the CSP upgrades insecure requests and HSTS is on', async () => {
  app = await createTestApp({
    env: { STATIC_DIR: staticDir, PUBLIC_URL: 'https://verify.example.com' },
  });

  const response = await app.inject({ method: 'GET', url: '/api/health/' });

  expect(String(response.headers['content-security-policy'])).toContain(
    'upgrade-insecure-requests',
  );
  expect(response.headers['strict-transport-security']).toBeDefined();
});
