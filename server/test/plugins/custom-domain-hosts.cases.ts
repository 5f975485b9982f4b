import { dnsServerForFile, verifyCustomDomain } from '../helpers/dns-server';
import { createTemplate } from '../helpers/templates';
import { createTestApp } from '../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const DOMAIN = 'verify.university.edu';

const dns = dnsServerForFile();
let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

const customDomainApp = () => dns.createApp();

function verifyDomain(user: TestUser, domain = DOMAIN): Promise<void> {
  return verifyCustomDomain(app, dns.server(), user, domain);
}

function onHost(host: string, url: string, method: 'GET' | 'HEAD' = 'GET') {
  return app.inject({ method, url, headers: { host } });
}

describe('a verified custom domain', () => {
  let issuer: TestUser;
  let ownCode: string;
  let otherCode: string;

  beforeEach(async () => {
    app = await customDomainApp();
    issuer = await signedInUser(app, { firstName: 'University', lastName: 'of X' });
    const other = await signedInUser(app);
    await verifyDomain(issuer);
    ownCode = (await createVerification(app, issuer, { allow_download: 'true' })).code;
    otherCode = (await createVerification(app, other, { allow_download: 'true' })).code;
    // The first upload starts the file's securing workers: seconds on a busy machine.
  }, 60_000);

  test("serves its account's page, naming the domain beside the issuer; another account's code is not found", async () => {
    const page = await onHost(DOMAIN, `/v/${ownCode}`);
    expect(page.statusCode).toBe(200);
    // The verified domain is the issuer; the organisation name is what it says of itself.
    const namedByDomain =
      '<strong><bdi>verify.university.edu</bdi></strong> (University of X, as stated by the issuer)';
    expect(page.body).toContain(namedByDomain);
    // The page's own assets come from the same host.
    const script = /<script src="([^"]+)"/.exec(page.body)![1]!;
    expect((await onHost(DOMAIN, script)).statusCode).toBe(200);
    expect((await onHost(DOMAIN, `/v/${ownCode}/document`)).statusCode).toBe(200);

    const other = await onHost(DOMAIN, `/v/${otherCode}`);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('text/html');
    expect(other.body).toContain('No document was issued under this code');
    expect((await onHost(DOMAIN, `/v/${otherCode}/document`)).statusCode).toBe(404);
    // The same code on our own host is found, as it always was.
    expect((await onHost('localhost', `/v/${otherCode}`)).statusCode).toBe(200);
    // The domain is named on our host too.
    expect((await onHost('localhost', `/v/${ownCode}`)).body).toContain(namedByDomain);
  });

  test("serves its account's credential and Open Badge downloads, and not another account's", async () => {
    const template = await createTemplate(app, issuer, { is_achievement: true });
    const badge = await createVerification(app, issuer, {
      template_id: template.id,
      allow_download: 'true',
    });
    const base = `/api/public/verifications/${badge.code}`;
    expect((await onHost(DOMAIN, `${base}/credential/`)).statusCode).toBe(200);
    const png = await onHost(DOMAIN, `${base}/badge.png`);
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);
    const other = `/api/public/verifications/${otherCode}/credential/`;
    expect((await onHost(DOMAIN, other)).statusCode).toBe(404);
    expect((await onHost('localhost', other)).statusCode).toBe(200);
  });

  test('answers 404 for everything but the public pages: the SPA, the API, Companion', async () => {
    for (const url of [
      '/',
      '/signin',
      '/api/health/',
      '/api/settings/',
      '/api/verifications/',
      '/companion/',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { host: DOMAIN, ...issuer.headers },
      });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    // A port and upper case in Host are the same host.
    expect((await onHost(`VERIFY.University.edu:8443`, `/v/${ownCode}`)).statusCode).toBe(200);
  });

  test('an unknown host is refused with 421; our own host names serve the whole app', async () => {
    const unknown = await onHost('pointed-at-us.example.com', `/v/${ownCode}`);
    expect(unknown.statusCode).toBe(421);
    expect((await onHost('pointed-at-us.example.com', '/')).statusCode).toBe(421);
    for (const host of ['localhost:3000', '127.0.0.1']) {
      expect((await onHost(host, '/api/health/')).statusCode).toBe(200);
    }
  });

  test('an instance addressed by its container name or IP still answers health checks, and only those', async () => {
    for (const host of ['app1:8080', '10.0.3.7:8080']) {
      expect((await onHost(host, '/api/health/')).statusCode).toBe(200);
      expect((await onHost(host, '/api/health/ready/')).statusCode).toBe(200);
      expect((await onHost(host, '/api/health/anything-else')).statusCode).toBe(421);
      expect((await onHost(host, `/v/${ownCode}`)).statusCode).toBe(421);
    }
  });

  test('once removed, still serves the codes printed with it; a domain nothing was printed on is refused at once', async () => {
    const url = '/api/settings/custom-domain/';
    expect((await app.inject({ method: 'DELETE', url, headers: issuer.headers })).statusCode).toBe(
      204,
    );
    expect((await onHost(DOMAIN, `/v/${ownCode}`)).statusCode).toBe(200);
    expect((await onHost(DOMAIN, `/v/${otherCode}`)).statusCode).toBe(404);
    expect((await onHost(DOMAIN, '/api/verifications/')).statusCode).toBe(404);

    await verifyDomain(issuer, 'unused.university.edu');
    expect((await onHost('unused.university.edu', `/v/${ownCode}`)).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url, headers: issuer.headers })).statusCode).toBe(
      204,
    );
    expect((await onHost('unused.university.edu', `/v/${ownCode}`)).statusCode).toBe(421);
  });
});

describe('GET /api/custom-domains/allowed/ (the TLS ask)', () => {
  test('200 for a verified domain, however written; 404 for a pending, unknown or malformed one', async () => {
    app = await customDomainApp();
    const [issuer, other] = [await signedInUser(app), await signedInUser(app)];
    await verifyDomain(issuer);
    await app.inject({
      method: 'PUT',
      url: '/api/settings/custom-domain/',
      headers: other.headers,
      payload: { domain: 'pending.example.org' },
    });
    const ask = (domain: string) =>
      app.inject({
        method: 'GET',
        url: `/api/custom-domains/allowed/?domain=${encodeURIComponent(domain)}`,
      });
    const allowed = await ask(DOMAIN);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ domain: DOMAIN });
    expect((await ask('Verify.University.EDU.')).statusCode).toBe(200);
    for (const domain of [
      'pending.example.org',
      'unknown.example.com',
      'localhost',
      '',
      'a b',
      '../etc',
    ]) {
      expect([domain, (await ask(domain)).statusCode]).toEqual([domain, 404]);
    }
  });

  test('404 for every name when custom domains are off', async () => {
    app = await createTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/custom-domains/allowed/?domain=verify.university.edu',
    });
    expect(response.statusCode).toBe(404);
  });
});
