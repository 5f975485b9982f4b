import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { PUBLIC_SETTING_DEFAULTS, PUBLIC_SETTINGS_ELEMENT_ID } from '@common/public-settings';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@common/route-preloads';

import { createTempDir, createTestApp } from '../helpers/test-app';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

const INDEX_HTML =
  '<!doctype html><html><head><title>QR Verify</title></head><body><div id="root"></div></body></html>';
const ASSET_JS = 'console.log("app");'.repeat(50);
const ASSET_URL = '/assets/app.3f2a1c.js';
const SIGN_IN_CHUNK = '/assets/route-signin.9d8e7f.js';
const SOURCE_MAP = '{"version":3,"sources":["app.ts"],"mappings":""}';
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// What the operator configured; the client id tries to close the settings block and run a script of its own.
const SETTINGS = {
  SUPPORT_EMAIL: 'help@example.com',
  BOOK_A_DEMO_URL: 'https://example.com/demo',
  OAUTH_CLIENT_ID: '</script><script>alert(1)</script>',
};

let staticDir: string;
let app: FastifyInstance;

async function writeBuiltSpa(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  const asset = path.join(dir, 'assets', 'app.3f2a1c.js');
  await writeFile(asset, ASSET_JS);
  await writeFile(`${asset}.br`, brotliCompressSync(ASSET_JS));
  await writeFile(`${asset}.gz`, gzipSync(ASSET_JS));
  await writeFile(`${asset}.map`, SOURCE_MAP);
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *');
  // As webpack.config.ts lists them; a name that is not one of the build's chunks is never written into the page.
  const preloads: RoutePreloads = {
    '/signin': [ASSET_URL, SIGN_IN_CHUNK, '/assets/x.js"><script>alert(1)</script>'],
  };
  await writeFile(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  await writeFile(path.join(dir, 'assets', 'pdf.worker.min.bc57d4.mjs'), ASSET_JS);
}

function contentCoding(response: LightMyRequestResponse): string {
  return String(response.headers['content-encoding'] ?? 'identity');
}

/** The body as the client sees it once it has undone the content coding. */
function decodedBody(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = contentCoding(response);
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

/** The settings the page carries, read as the SPA reads them. */
function injectedSettings(html: string): unknown {
  const block = new RegExp(
    `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return JSON.parse(block![1]);
}

function csrfCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'csrftoken');
}

describe('with a built SPA', () => {
  // Serving files keeps no state: one app for the block, closed after it so that the apps of the next block
  // get the file's database (while an app holds it, each new app has to load a database of its own).
  beforeAll(async () => {
    staticDir = await createTempDir();
    await writeBuiltSpa(staticDir);
    app = await createTestApp({ env: { STATIC_DIR: staticDir, ...SETTINGS } });
  });

  afterAll(async () => {
    await app.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  test('hashed assets are cached for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: ASSET_URL });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET_JS);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('module scripts (the pdf.js worker) are served as JavaScript, which module workers require', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/pdf.worker.min.bc57d4.mjs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  test.each([
    [BROWSER_ENCODINGS, 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
  ])(
    'Accept-Encoding "%s" gets the asset as %s, decoding to the built bytes',
    async (acceptEncoding, expected) => {
      const response = await app.inject({
        method: 'GET',
        url: ASSET_URL,
        headers: { 'accept-encoding': acceptEncoding },
      });

      expect(response.statusCode).toBe(200);
      expect(contentCoding(response)).toBe(expected);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decodedBody(response)).toBe(ASSET_JS);
    },
  );

  test('each coding has its own ETag, and a matching If-None-Match gets a 304', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await app.inject({ method: 'GET', url: ASSET_URL, headers });
    const plain = await app.inject({ method: 'GET', url: ASSET_URL });

    const again = await app.inject({
      method: 'GET',
      url: ASSET_URL,
      headers: { ...headers, 'if-none-match': String(first.headers.etag) },
    });

    expect(first.headers.etag).not.toBe(plain.headers.etag);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
  });

  test('HEAD answers with the headers of GET and no body', async () => {
    const get = await app.inject({
      method: 'GET',
      url: ASSET_URL,
      headers: { 'accept-encoding': 'gzip' },
    });
    const head = await app.inject({
      method: 'HEAD',
      url: ASSET_URL,
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
    for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary']) {
      expect(head.headers[name]).toBe(get.headers[name]);
    }
  });

  test('source maps are not published: a map is a 404 like any unknown file', async () => {
    const response = await app.inject({ method: 'GET', url: `${ASSET_URL}.map` });

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(SOURCE_MAP);
  });

  test('with SERVE_SOURCE_MAPS, source maps are served beside their scripts', async () => {
    const withMaps = await createTestApp({
      env: { STATIC_DIR: staticDir, SERVE_SOURCE_MAPS: 'true' },
    });
    try {
      const response = await withMaps.inject({ method: 'GET', url: `${ASSET_URL}.map` });

      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SOURCE_MAP);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    } finally {
      await withMaps.close();
    }
  });

  test.each(['/', '/index.html', '/signin'])(
    '%s serves index.html with the configured settings, revalidated on every load',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(injectedSettings(response.body)).toEqual({
        ...PUBLIC_SETTING_DEFAULTS,
        ...SETTINGS,
      });
    },
  );

  test("a signed-out screen's index.html preloads that screen's scripts; other paths preload none", async () => {
    const preloaded = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });
      const links = response.body.matchAll(
        /<link rel="preload" as="script" href="([^"]*)" fetchpriority="low">/g,
      );
      return [...links].map((link) => link[1]);
    };

    expect(await preloaded('/signin')).toEqual([ASSET_URL, SIGN_IN_CHUNK]);
    expect(await preloaded('/signin/?next=%2Ftemplates')).toEqual([ASSET_URL, SIGN_IN_CHUNK]);
    expect(await preloaded('/')).toEqual([]);
    expect(await preloaded('/templates')).toEqual([]);
    const signIn = await app.inject({
      method: 'GET',
      url: '/signin',
      headers: { accept: HTML_ACCEPT },
    });
    expect(signIn.body).not.toContain('alert(1)</script>');
    expect(injectedSettings(signIn.body)).toEqual({ ...PUBLIC_SETTING_DEFAULTS, ...SETTINGS });
    // The list is the server's, not a file of the site.
    expect((await app.inject({ method: 'GET', url: `/${ROUTE_PRELOADS_FILE}` })).statusCode).toBe(
      404,
    );
  });

  test('a preload list that cannot be read leaves the screens without preloads, never the app down', async () => {
    const brokenDir = await createTempDir();
    await writeBuiltSpa(brokenDir);
    await writeFile(path.join(brokenDir, ROUTE_PRELOADS_FILE), '{"/signin": ');
    const broken = await createTestApp({ env: { STATIC_DIR: brokenDir } });
    try {
      const response = await broken.inject({ url: '/signin', headers: { accept: HTML_ACCEPT } });

      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('rel="preload"');
    } finally {
      await broken.close();
      await rm(brokenDir, { recursive: true, force: true });
    }
  });

  test('a setting cannot close the settings block', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: HTML_ACCEPT },
    });

    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
  });

  test.each([
    [BROWSER_ENCODINGS, 'br'],
    ['gzip', 'gzip'],
    ['', 'identity'],
  ])('index.html for Accept-Encoding "%s" comes as %s', async (acceptEncoding, expected) => {
    const response = await app.inject({
      method: 'GET',
      url: '/signin',
      headers: { accept: HTML_ACCEPT, 'accept-encoding': acceptEncoding },
    });

    expect(contentCoding(response)).toBe(expected);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(injectedSettings(decodedBody(response))).toMatchObject(SETTINGS);
  });

  test('index.html gives a visitor without one the csrftoken cookie', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/', headers: { accept: HTML_ACCEPT } });
    const returning = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: HTML_ACCEPT },
      cookies: { csrftoken: 'abc' },
    });

    expect(csrfCookie(fresh)?.value).toMatch(/^[\w-]{32,}$/);
    expect(csrfCookie(returning)).toBeUndefined();
  });

  test('assets carry no cookie', async () => {
    const response = await app.inject({ method: 'GET', url: ASSET_URL });

    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('other files at the root are revalidated rather than cached forever', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(response.body).toBe('User-agent: *');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test.each(['/signin', '/settings/users', '/templates/42/edit?tab=design'])(
    'a browser navigation to the client route %s gets index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
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

  test('a POST to a path no route owns is a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/signin', payload: {} });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { message: 'Not found' } });
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

  test("the app's page alone may use the camera and WebAssembly, for the scanner; other answers may not", async () => {
    const page = await app.inject({ url: '/scan', headers: { accept: HTML_ACCEPT } });
    const asset = await app.inject({ url: ASSET_URL });
    const api = await app.inject({ url: '/api/health/' });

    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'self'[^;]* 'wasm-unsafe-eval'/,
    );
    expect(page.headers['permissions-policy']).toContain('camera=(self)');
    expect(page.headers['permissions-policy']).toContain('microphone=()');
    for (const other of [asset, api]) {
      expect(other.headers['content-security-policy']).not.toContain('wasm-unsafe-eval');
      expect(other.headers['permissions-policy']).toContain('camera=()');
    }
  });
});

describe('each with an app of its own', () => {
  beforeEach(async () => {
    staticDir = await createTempDir();
  });

  afterEach(async () => {
    await app.close();
    await rm(staticDir, { recursive: true, force: true });
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

  test('a build that appears after start is served', async () => {
    app = await createTestApp({ env: { STATIC_DIR: staticDir } });
    await app.inject({ method: 'GET', url: '/signin', headers: { accept: HTML_ACCEPT } });

    await writeBuiltSpa(staticDir);
    const response = await app.inject({ method: 'GET', url: ASSET_URL });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET_JS);
  });

  test('a file placed under the static folder is not reachable through /api/', async () => {
    await writeBuiltSpa(staticDir);
    await mkdir(path.join(staticDir, 'api'));
    await writeFile(path.join(staticDir, 'api', 'secret.json'), '{}');
    app = await createTestApp({ env: { STATIC_DIR: staticDir } });

    const response = await app.inject({ method: 'GET', url: '/api/secret.json' });

    expect(response.statusCode).toBe(404);
  });

  test('a changed setting shows in index.html after a restart, from the same build', async () => {
    await writeBuiltSpa(staticDir);
    app = await createTestApp({ env: { STATIC_DIR: staticDir, SUPPORT_EMAIL: 'a@example.com' } });
    const before = await app.inject({ method: 'GET', url: '/', headers: { accept: HTML_ACCEPT } });
    await app.close();

    app = await createTestApp({ env: { STATIC_DIR: staticDir, SUPPORT_EMAIL: 'b@example.com' } });
    const after = await app.inject({ method: 'GET', url: '/', headers: { accept: HTML_ACCEPT } });

    expect(injectedSettings(before.body)).toMatchObject({ SUPPORT_EMAIL: 'a@example.com' });
    expect(injectedSettings(after.body)).toMatchObject({ SUPPORT_EMAIL: 'b@example.com' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
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
});
