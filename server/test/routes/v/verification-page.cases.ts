import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { JSDOM } from 'jsdom';

import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';
import { isoDate } from '@common/verifications';

import { defaultTemplate, templateRequest } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

function verdictOf(html: string): string {
  return new JSDOM(html).window.document.querySelector('#verdict')?.textContent?.trim() ?? '';
}

async function page(app: FastifyInstance, code: string) {
  const response = await app.inject({ url: `/v/${code}` });
  return {
    response,
    verdict: verdictOf(response.body),
    document: new JSDOM(response.body).window.document,
  };
}

test('anyone can open the page of a code: the verdict and the record, uncached and unindexed', async () => {
  const app = await createTestApp({ env: { PUBLIC_URL: 'https://verify.example.com' } });
  const user = await signedInUser(app, { firstName: 'University', lastName: 'of Examples' });
  const verification = await createVerification(app, user, {
    custom_fields: JSON.stringify([{ key: 'Grade', value: 'First' }]),
  });

  const { response, verdict, document } = await page(app, verification.code);

  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(verdict).toBe('Valid');
  expect(document.querySelector('h2')?.textContent).toBe('Bachelor of Science');
  expect(document.body.textContent).toContain('University of Examples');
  expect(document.body.textContent).toContain('First');
  expect(document.querySelector('footer')?.textContent).toContain('verify.example.com');
  // Upper case, as some scanners send it, finds the same record.
  expect((await page(app, verification.code.toUpperCase())).verdict).toBe('Valid');
  await app.close();
});

test("the page's script and fonts come from the app itself, which the CSP allows, and are cached for a year", async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);

  const { response, document } = await page(app, verification.code);
  const csp = response.headers['content-security-policy'] as string;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("unsafe-inline'; script");

  const scriptUrl = document.querySelector('script')?.getAttribute('src') ?? '';
  expect(scriptUrl).toMatch(/^\/v\/assets\/verification-page\.js\?v=[0-9a-f]{12}$/);
  const script = await app.inject({ url: scriptUrl });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers['set-cookie']).toBeUndefined();
  expect(script.body).toContain("subtle.digest('SHA-256'");

  // The streaming SHA-256 for large files, which the script loads only when one is chosen.
  const hasherUrl = document.querySelector('#check')?.getAttribute('data-hasher-url') ?? '';
  expect(hasherUrl).toMatch(/^\/v\/assets\/sha256\.js\?v=[0-9a-f]{12}$/);
  const hasher = await app.inject({ url: hasherUrl });
  expect(hasher.statusCode).toBe(200);
  expect(hasher.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(hasher.body).toContain('createSHA256');

  // The seal check, bundled from TypeScript with the seal verifier of common/ when the app starts.
  const sealScriptUrl = document.querySelectorAll('script')[1]?.getAttribute('src') ?? '';
  expect(sealScriptUrl).toMatch(/^\/v\/assets\/seal-check\.js\?v=[0-9a-f]{12}$/);
  const sealScript = await app.inject({ url: sealScriptUrl });
  expect(sealScript.statusCode).toBe(200);
  expect(sealScript.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(sealScript.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // One self-contained script: the verifier's WebCrypto call is in it, and nothing is imported at run time.
  expect(sealScript.body).toContain('qrverify-seal:');
  expect(sealScript.body).toMatch(/\.verify\(\{name:"ECDSA"/);
  expect(sealScript.body).not.toMatch(/\bimport\s*[({'"*]|\brequire\(/);
  // Compressed for a browser that accepts it (a phone on a slow network waits for every byte); fonts are already.
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ]) {
    const compressed = await app.inject({
      url: sealScriptUrl,
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(compressed.rawPayload.length).toBeLessThan(sealScript.rawPayload.length / 2);
    const decompress = encoding === 'br' ? brotliDecompressSync : gunzipSync;
    expect(decompress(compressed.rawPayload).equals(sealScript.rawPayload)).toBe(true);
  }

  const fontUrl =
    /url\("([^"]+)"\)/.exec(document.querySelector('style')?.textContent ?? '')?.[1] ?? '';
  expect(fontUrl).toMatch(/^\/v\/assets\/inter-latin-\d00-normal\.woff2\?v=/);
  const font = await app.inject({ url: fontUrl });
  expect(font.statusCode).toBe(200);
  expect(font.headers['content-type']).toBe('font/woff2');
  const fontAsked = await app.inject({ url: fontUrl, headers: { 'accept-encoding': 'br, gzip' } });
  expect(fontAsked.headers['content-encoding']).toBeUndefined();

  expect(
    (await app.inject({ url: '/v/assets/verification-page.js' })).headers['cache-control'],
  ).toBe('no-cache');
  expect((await app.inject({ url: '/v/assets/../../package.json' })).statusCode).toBe(404);
  expect((await app.inject({ url: '/v/assets/secrets.txt' })).statusCode).toBe(404);
  await app.close();
});

test("the page's CSP is the app's with WebAssembly allowed in scripts, for the copy check; other answers keep the app's", async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);

  const appCsp = (await app.inject({ url: '/api/health/' })).headers['content-security-policy'];
  const pageCsp = (await page(app, verification.code)).response.headers['content-security-policy'];

  expect(appCsp).toContain("script-src 'self'");
  expect(appCsp).not.toContain('wasm-unsafe-eval');
  expect(pageCsp).toBe(
    String(appCsp).replace(/script-src ([^;]*)/, "script-src $1 'wasm-unsafe-eval'"),
  );
  await app.close();
});

test('an unknown or malformed code gets the Not found verdict with status 404', async () => {
  const app = await createTestApp();

  for (const code of ['abcdefghijkmnpqr', 'short', '%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
    const { response, verdict, document } = await page(app, code);
    expect([code, response.statusCode, verdict]).toEqual([code, 404, 'Not found']);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  }
  await app.close();
});

test('the page follows every change at once: edit, revoke with a replacement, delete', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  const replacement = await createVerification(app, user, { title: 'Corrected diploma' });
  expect((await page(app, verification.code)).verdict).toBe('Valid');

  await app.inject({
    method: 'PATCH',
    url: `/api/verifications/${verification.id}/`,
    headers: user.headers,
    payload: { title: 'Renamed diploma' },
  });
  expect((await page(app, verification.code)).document.querySelector('h2')?.textContent).toBe(
    'Renamed diploma',
  );

  await app.inject({
    method: 'POST',
    url: `/api/verifications/${verification.id}/revoke/`,
    headers: user.headers,
    payload: { reason: 'Misspelt name', replaced_by_code: replacement.code },
  });
  const revoked = await page(app, verification.code);
  expect(revoked.verdict).toBe('Revoked');
  expect(revoked.document.body.textContent).toContain('Misspelt name');
  expect(revoked.document.querySelector('.verdict a')?.getAttribute('href')).toBe(
    `/v/${replacement.code}`,
  );

  await app.inject({
    method: 'DELETE',
    url: `/api/verifications/${replacement.id}/`,
    headers: user.headers,
  });
  expect((await page(app, replacement.code)).response.statusCode).toBe(404);
  expect((await page(app, verification.code)).document.querySelector('.verdict a')).toBeNull();
  await app.close();
});

test('a page or public JSON kept from the day before turns Expired once its expiry date has passed', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const today = new Date();
  const verification = await createVerification(app, user, { expiry_date: isoDate(today) });
  const json = async () =>
    (await app.inject({ url: `/api/public/verifications/${verification.code}/` })).json();
  expect((await page(app, verification.code)).verdict).toBe('Valid');
  expect((await json()).status).toBe('active');

  // Only the clock moves: Date is faked, timers are not (the database and inject need them).
  jest.useFakeTimers({
    now: today.getTime() + 24 * 60 * 60 * 1000,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  try {
    expect((await page(app, verification.code)).verdict).toBe('Expired');
    expect((await json()).status).toBe('expired');
  } finally {
    jest.useRealTimers();
  }
  await app.close();
});

test('a page first opened with the code in capitals names the code as issued', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);

  for (const code of [verification.code.toUpperCase(), verification.code]) {
    const footer = (await page(app, code)).document.querySelector('footer .code')?.textContent;
    expect(footer).toBe(verification.code);
  }
  await app.close();
});

test('the public JSON follows a change at once, as the page does', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  const url = `/api/public/verifications/${verification.code}/`;
  const first = await app.inject({ url });
  expect(first.json()).toMatchObject({ status: 'active', title: 'Bachelor of Science' });
  expect((await app.inject({ url })).body).toBe(first.body);

  await app.inject({
    method: 'POST',
    url: `/api/verifications/${verification.id}/revoke/`,
    headers: user.headers,
    payload: { reason: 'Issued in error' },
  });

  const revoked = await app.inject({ url });
  expect(revoked.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(revoked.headers['cache-control']).toBe('no-store');
  expect(revoked.json()).toMatchObject({ status: 'revoked', revocation_reason: 'Issued in error' });
  await app.close();
});

test('a document past its expiry date reads Expired', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user, {
    issue_date: '2020-01-01',
    expiry_date: '2021-01-01',
  });

  expect((await page(app, verification.code)).verdict).toBe('Expired');
  await app.close();
});

test('page views are kept in memory and written in batches; HEAD requests are not views', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);

  await page(app, verification.code);
  await page(app, verification.code);
  await app.inject({ method: 'HEAD', url: `/v/${verification.code}` });
  await page(app, 'abcdefghijkmnpqr');

  expect(app.scanRecorder.waitingCount).toBe(2);
  const before = await app.db.selectFrom('verification_scans').selectAll().execute();
  expect(before).toEqual([]);

  await app.scanRecorder.flush();
  const scans = await app.db
    .selectFrom('verification_scans')
    .select(['verification_id', 'device'])
    .execute();
  expect(scans).toEqual([
    { verification_id: verification.id, device: 'other' },
    { verification_id: verification.id, device: 'other' },
  ]);
  const row = await app.db
    .selectFrom('verifications')
    .select(['scan_count', 'last_scanned_at'])
    .where('id', '=', verification.id)
    .executeTakeFirstOrThrow();
  expect(row.scan_count).toBe(2);
  expect(row.last_scanned_at).toBeInstanceOf(Date);
  await app.close();
});

test('the public record is served from memory after the first view', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  await page(app, verification.code);

  // A change behind the app's back is not seen until the entry is refreshed: the database was not asked again.
  await app.db
    .updateTable('verifications')
    .set({ title: 'Changed directly' })
    .where('id', '=', verification.id)
    .execute();
  expect((await page(app, verification.code)).document.querySelector('h2')?.textContent).toBe(
    'Bachelor of Science',
  );
  await app.close();
});

describe('the secured document on the public page', () => {
  test('downloads only when the issuer allows it', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const closed = await createVerification(app, user);
    const open = await createVerification(app, user, { allow_download: 'true', title: 'Licence' });

    expect((await app.inject({ url: `/v/${closed.code}/document` })).statusCode).toBe(404);
    expect((await page(app, closed.code)).document.querySelector('a[download]')).toBeNull();
    expect((await app.inject({ url: '/v/abcdefghijkmnpqr/document' })).statusCode).toBe(404);

    const download = await app.inject({ url: `/v/${open.code}/document` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="Licence-secured.pdf"');
    expect(download.rawPayload.length).toBe(open.secured.size);
    expect(
      (await page(app, open.code)).document.querySelector('a[download]')?.getAttribute('href'),
    ).toBe(`/v/${open.code}/document`);
    await app.close();
  });
});

describe('a revoked verification on the public page', () => {
  test('offers no download, and its document address answers 404 as for any document not on offer', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app);
    const open = await createVerification(app, user, { allow_download: 'true', title: 'Licence' });
    expect((await app.inject({ url: `/v/${open.code}/document` })).statusCode).toBe(200);

    await app.inject({
      method: 'POST',
      url: `/api/verifications/${open.id}/revoke/`,
      headers: user.headers,
      payload: { reason: 'Issued in error' },
    });

    const revoked = await page(app, open.code);
    expect(revoked.verdict).toBe('Revoked');
    expect(revoked.document.querySelector('a[download]')).toBeNull();
    expect((await app.inject({ url: `/v/${open.code}/document` })).statusCode).toBe(404);
    await app.close();
  });
});

describe('GET /api/public/verifications/{code}/', () => {
  test('answers the public view without sign-in, and nothing about the account', async () => {
    const app = await createTestApp();
    const user = await signedInUser(app, { firstName: 'Example', lastName: 'University' });
    const verification = await createVerification(app, user, { expiry_date: '2099-12-31' });

    const response = await app.inject({ url: `/api/public/verifications/${verification.code}/` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: verification.code,
      status: 'active',
      title: 'Bachelor of Science',
      holder_name: 'Ada Lovelace',
      issue_date: '2025-06-30',
      expiry_date: '2099-12-31',
      custom_fields: [],
      // Nothing proves who the account is: its name is what it calls itself.
      issuer: {
        name: 'Example University',
        issuer: null,
        issuer_proof: null,
        declared_name: 'Example University',
        declared_name_withheld: null,
      },
      revoked_at: null,
      revocation_reason: null,
      replaced_by_code: null,
      original_sha256: verification.original.sha256,
      secured_sha256: verification.secured.sha256,
      // No timestamp was added to it after it was signed (docs/signing.md).
      earlier_secured_sha256: null,
      signature: verification.signature,
      allow_download: false,
      // Printed with a seal (new verifications are sealed by default): a visit without one is suspect.
      sealed: true,
      // No verifiable credential was asked for (issue 32).
      credential: null,
      // The design of its template (here the account's default): how the page looks, nothing private.
      template: DEFAULT_TEMPLATE_DESIGN,
      // The page's sentence under its verdict, in English when nothing chooses another language.
      status_text:
        'This document was issued by an account calling itself “Example University” (its name is not verified) and is valid.',
    });
    expect(response.headers.vary).toBe('Accept-Language, Cookie');
    expect(response.body).not.toContain(verification.id);
    expect(response.body).not.toContain(user.email);
    await app.close();
  });

  test("status_text speaks the reader's language, chosen as the page's is; each is kept apart", async () => {
    const app = await createTestApp();
    const user = await signedInUser(app, { firstName: 'Example', lastName: 'University' });
    const verification = await createVerification(app, user, { expiry_date: '2099-12-31' });
    const url = `/api/public/verifications/${verification.code}/`;
    const statusTextOf = async (headers: Record<string, string>, query = '') =>
      (await app.inject({ url: `${url}${query}`, headers })).json().status_text;
    const french =
      'Ce document a été délivré par un compte se présentant comme «\u00a0Example University\u00a0» (son nom n’est pas vérifié) et il est valide.';

    expect(await statusTextOf({ 'accept-language': 'fr-CA, en;q=0.5' })).toBe(french);
    expect(await statusTextOf({ 'accept-language': 'de' })).toBe(
      'Dieses Dokument wurde ausgestellt von einem Konto, das sich „Example University“ nennt (sein Name ist nicht verifiziert) und ist gültig.',
    );
    expect(await statusTextOf({ 'accept-language': 'fr' }, '?lang=de')).toMatch(/^Dieses Dokument/);
    expect(await statusTextOf({ cookie: 'qrverify-lang=fr', 'accept-language': 'de' })).toBe(
      french,
    );
    expect(await statusTextOf({})).toMatch(/^This document was issued by/);

    const template = await defaultTemplate(app, user);
    await templateRequest(app, user, 'PATCH', `/api/templates/${template.id}/`, {
      default_language: 'fr',
    });
    expect(await statusTextOf({})).toBe(french);
    expect(await statusTextOf({ 'accept-language': 'de' })).toMatch(/^Dieses Dokument/);
    await app.close();
  });

  test('an unknown or malformed code is a 404', async () => {
    const app = await createTestApp();

    for (const code of ['abcdefghijkmnpqr', 'x', 'ABC%20DEF']) {
      const response = await app.inject({ url: `/api/public/verifications/${code}/` });
      expect([code, response.statusCode]).toEqual([code, 404]);
    }
    await app.close();
  });
});

test('the page goes out compressed once its compressed form is made, the same page in fewer bytes', async () => {
  const app = await createTestApp();
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  const url = `/v/${verification.code}`;
  const plain = await app.inject({ url });
  expect(plain.headers['content-encoding']).toBeUndefined();

  // Compressed off the event loop after the first view: a moment later the page goes out in brotli.
  let compressed = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  for (let tries = 0; !compressed.headers['content-encoding'] && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    compressed = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  }

  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers.vary).toBe('Accept-Language, Cookie');
  expect(compressed.headers['cache-control']).toBe('no-store');
  expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  await app.close();
});
