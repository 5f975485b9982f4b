import type { CustomDomain } from '@common/custom-domain-schemas';

import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../../helpers/bulk';
import {
  dnsServerForFile,
  publishRecords,
  TEST_DOMAIN_TARGET as TARGET,
  verifyCustomDomain,
} from '../../../helpers/dns-server';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { renderPdfPages } from '../../../helpers/pdf-pages';
import { sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import {
  createVerification,
  signedInUser,
  type TestUser,
  type VerificationJson,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const URL_PATH = '/api/settings/custom-domain/';

const dnsServer = dnsServerForFile();
let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

function customDomainApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return dnsServer.createApp({ PUBLIC_URL: 'https://app.qrverify.test', ...env });
}

async function setDomain(user: TestUser, domain: string) {
  return app.inject({ method: 'PUT', url: URL_PATH, headers: user.headers, payload: { domain } });
}

async function verifyNow(user: TestUser): Promise<CustomDomain> {
  const response = await app.inject({
    method: 'POST',
    url: `${URL_PATH}verify/`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function pendingDomain(user: TestUser, domain = 'verify.example.edu'): Promise<CustomDomain> {
  const response = await setDomain(user, domain);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function verifiedDomain(user: TestUser, domain = 'verify.example.edu'): Promise<void> {
  await verifyCustomDomain(app, dnsServer.server(), user, domain);
}

function domainError(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  return (response.json() as { error: { details: { domain: string[] } } }).error.details.domain[0];
}

describe('with custom domains off (no CUSTOM_DOMAIN_TARGET)', () => {
  test('GET says so, and PUT and verify are refused', async () => {
    app = await createTestApp();
    const user = await signedInUser(app);
    const get = await app.inject({ method: 'GET', url: URL_PATH, headers: user.headers });
    expect(get.json()).toMatchObject({ enabled: false, target: null, status: 'none' });
    const put = await setDomain(user, 'verify.example.edu');
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toMatchObject({
      code: 'custom_domains_off',
      message: expect.stringMatching(/custom domains are off on this server/i),
    });
    const verify = await app.inject({
      method: 'POST',
      url: `${URL_PATH}verify/`,
      headers: user.headers,
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.code).toBe('custom_domains_off');
  });
});

describe('setting a domain', () => {
  test('Verify now before a domain is set says to set one first', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    const verify = await app.inject({
      method: 'POST',
      url: `${URL_PATH}verify/`,
      headers: user.headers,
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error).toEqual({
      code: 'no_custom_domain',
      message: 'Set a domain first.',
    });
  });

  test('none at first; PUT normalises the name and answers pending with the two records and a fresh token', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    const none = await app.inject({ method: 'GET', url: URL_PATH, headers: user.headers });
    expect(none.json()).toMatchObject({
      enabled: true,
      target: TARGET,
      domain: null,
      status: 'none',
      records: [],
    });

    const first = await pendingDomain(user, '  Verify.Example.EDU.  ');
    expect(first).toMatchObject({
      domain: 'verify.example.edu',
      status: 'pending',
      verified_at: null,
    });
    const [cname, txt] = first.records;
    expect(cname).toEqual({ type: 'CNAME', name: 'verify.example.edu', value: TARGET });
    expect(txt).toMatchObject({ type: 'TXT', name: '_qrverify.verify.example.edu' });
    expect(txt!.value).toMatch(/^qrverify-verification=[0-9a-f]{32}$/);
    expect(first.checking_until).not.toBeNull();

    const again = await pendingDomain(user, 'verify.example.edu');
    expect(again.records[1]!.value).not.toBe(txt!.value);
    const got = await app.inject({ method: 'GET', url: URL_PATH, headers: user.headers });
    expect(got.json()).toEqual(again);
  });

  test('an internationalised name is stored as punycode', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    expect((await pendingDomain(user, 'Prüfung.Universität.de')).domain).toBe(
      'xn--prfung-4ya.xn--universitt-y5a.de',
    );
  });

  test.each([
    ['not a host name', 'verify example.edu', /host name/],
    ['a path', 'verify.example.edu/v/abc', /host name/],
    ['an IP address', '192.168.1.10', /host name/],
    ['an apex', 'example.edu', /Use a sub-domain such as verify\.example\.edu/],
    ['an apex under a two-part suffix', 'university.ac.uk', /Use a sub-domain/],
    ['our own host', 'APP.qrverify.test', /our own host/],
    ['the CNAME target', TARGET, /our own host/],
  ])('%s is refused under details.domain', async (_case, domain, message) => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    expect(domainError(await setDomain(user, domain))).toMatch(message);
    // A sub-domain under a two-part suffix is fine.
    expect((await setDomain(user, 'verify.university.ac.uk')).statusCode).toBe(200);
  });

  test("another account's verified domain is refused; a pending one is not taken from anyone", async () => {
    app = await customDomainApp();
    const [first, second] = [await signedInUser(app), await signedInUser(app)];
    await pendingDomain(first, 'verify.example.edu');
    await pendingDomain(second, 'verify.example.edu');
    publishRecords(dnsServer.server(), (await pendingDomain(first, 'verify.example.edu')).records);
    expect((await verifyNow(first)).status).toBe('verified');
    expect(domainError(await setDomain(second, 'Verify.Example.edu'))).toBe(
      'This domain is already verified by another account.',
    );
    // The second account's check cannot take it either (it still holds the pending row from before).
    const checked = await verifyNow(second);
    expect(checked.status).not.toBe('verified');
  });
});

describe('checking the records', () => {
  test('pending until the TXT appears; a wrong token is named; split strings are joined', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    const pending = await pendingDomain(user);
    const [, txt] = pending.records;

    const notYet = await verifyNow(user);
    expect(notYet).toMatchObject({
      status: 'pending',
      error: 'TXT record not found yet — DNS can take a few minutes.',
    });
    expect(notYet.last_checked_at).not.toBeNull();
    expect(notYet.cname).toMatchObject({ state: 'missing' });

    dnsServer.server().addTxt(txt!.name, 'qrverify-verification=0123456789abcdef0123456789abcdef');
    const wrong = await verifyNow(user);
    expect(wrong.status).toBe('pending');
    expect(wrong.error).toContain(`set its value to ${txt!.value}`);

    dnsServer
      .server()
      .addTxt(txt!.name, [txt!.value.slice(0, 7), txt!.value.slice(7, 30), txt!.value.slice(30)]);
    dnsServer.server().setCname('verify.example.edu', `${TARGET}.`);
    const verified = await verifyNow(user);
    expect(verified).toMatchObject({
      status: 'verified',
      error: null,
      cname: { state: 'ok', value: TARGET, warning: null },
    });
    expect(verified.verified_at).not.toBeNull();

    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile/',
      headers: user.headers,
    });
    expect(profile.json().has_custom_domain).toBe(true);
  });

  test('a CNAME pointing elsewhere, or none, is a warning: the domain is still verified', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    const { records } = await pendingDomain(user);
    dnsServer.server().addTxt(records[1]!.name, records[1]!.value);
    const missing = await verifyNow(user);
    expect(missing.status).toBe('verified');
    expect(missing.cname.state).toBe('missing');
    expect(missing.cname.warning).toContain(`pointing at ${TARGET}`);

    dnsServer.server().setCname('verify.example.edu', 'old-host.example.net');
    const elsewhere = await verifyNow(user);
    expect(elsewhere).toMatchObject({
      status: 'verified',
      cname: { state: 'elsewhere', value: 'old-host.example.net' },
    });
    expect(elsewhere.cname.warning).toContain(
      'points at old-host.example.net, not domains.qrverify.test',
    );
  });

  test('the server re-checks a pending domain in the background and mails the owner once it verifies', async () => {
    const mail: MailCapture = await startMailCapture();
    try {
      app = await customDomainApp({
        CUSTOM_DOMAIN_RECHECK_SECONDS: '1',
        QUEUE_POLL_INTERVAL_SECONDS: '0.5',
        SMTP_URL: mail.smtpUrl,
      });
      const user = await signedInUser(app);
      const { records } = await pendingDomain(user);
      publishRecords(dnsServer.server(), records);
      const deadline = Date.now() + 20_000;
      let state: CustomDomain;
      do {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = (await app.inject({ method: 'GET', url: URL_PATH, headers: user.headers })).json();
      } while (state.status !== 'verified' && Date.now() < deadline);
      expect(state.status).toBe('verified');
      const [message] = await mail.waitFor(user.email);
      expect(message!.subject).toBe('verify.example.edu is verified for your QR Verify pages');
      expect(message!.text).toContain('https://verify.example.edu');
    } finally {
      await mail.stop();
    }
  });
});

test('after 48 hours without the TXT the background check gives up; Verify now starts over', async () => {
  app = await customDomainApp({
    CUSTOM_DOMAIN_RECHECK_SECONDS: '1',
    QUEUE_POLL_INTERVAL_SECONDS: '0.5',
  });
  const user = await signedInUser(app);
  await pendingDomain(user);
  await app.db
    .updateTable('custom_domains')
    .set({ pending_since: new Date(Date.now() - 49 * 60 * 60 * 1000) })
    .execute();
  const deadline = Date.now() + 20_000;
  let state: CustomDomain;
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = (await app.inject({ method: 'GET', url: URL_PATH, headers: user.headers })).json();
  } while (state.status === 'pending' && Date.now() < deadline);
  expect(state).toMatchObject({ status: 'failed', checking_until: null });
  expect(state.error).toMatch(/not found within 48 hours/);

  const again = await verifyNow(user);
  expect(again.status).toBe('pending');
  expect(Date.parse(again.checking_until!)).toBeGreaterThan(Date.now() + 47 * 60 * 60 * 1000);
});

describe('the URL new verifications are printed with', () => {
  async function securedQr(
    user: TestUser,
    verification: VerificationJson,
  ): Promise<string | undefined> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/verifications/${verification.id}/document/`,
      headers: user.headers,
    });
    const [pages] = await renderPdfPages([{ pdf: response.rawPayload }]);
    return pages![0]!.qr?.data;
  }

  test("a verified domain's origin for new codes, the old URL for codes made before, ours again after DELETE", async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    const before = await createVerification(app, user);
    await verifiedDomain(user);
    const onDomain = await createVerification(app, user);
    expect(onDomain.public_url).toBe(`https://verify.example.edu/v/${onDomain.code}`);
    expect(await securedQr(user, onDomain)).toBe(onDomain.qr_url);
    const qr = await app.inject({
      method: 'GET',
      url: `/api/verifications/${onDomain.id}/qr/?format=svg`,
      headers: user.headers,
    });
    expect(qr.statusCode).toBe(200);

    const reread = await app.inject({
      method: 'GET',
      url: `/api/verifications/${before.id}/`,
      headers: user.headers,
    });
    expect(reread.json().public_url).toBe(`https://app.qrverify.test/v/${before.code}`);

    const removed = await app.inject({ method: 'DELETE', url: URL_PATH, headers: user.headers });
    expect(removed.statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: URL_PATH, headers: user.headers })).json().status,
    ).toBe('none');
    const after = await createVerification(app, user);
    expect(after.public_url).toBe(`https://app.qrverify.test/v/${after.code}`);
    // Printed codes keep the address they were printed with.
    const kept = await app.inject({
      method: 'GET',
      url: `/api/verifications/${onDomain.id}/`,
      headers: user.headers,
    });
    expect(kept.json().public_url).toBe(onDomain.public_url);
  });

  test('a page viewed before the domain was verified names the issuer by it at once, and stops to once it goes', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    const verification = await createVerification(app, user);
    const issuerOnPage = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/public/verifications/${verification.code}/` })
      ).json().issuer;
    expect(await issuerOnPage()).toMatchObject({ issuer: null, issuer_proof: null });

    await verifiedDomain(user);
    expect(await issuerOnPage()).toMatchObject({
      issuer: 'verify.example.edu',
      issuer_proof: 'domain',
      declared_name: 'Grace Hopper',
    });

    await app.inject({ method: 'DELETE', url: URL_PATH, headers: user.headers });
    expect(await issuerOnPage()).toMatchObject({ issuer: null, issuer_proof: null });
  });

  test('a bulk operation prints its codes with the domain too, and its report names those URLs', async () => {
    app = await customDomainApp();
    const user = await signedInUser(app);
    await verifiedDomain(user);
    const created = await postBulkOperation(app, user, {
      sheet: csvPart(
        makeCsv([
          ['file', 'title', 'holder_name'],
          ['a.pdf', 'Diploma', 'Ada Lovelace'],
        ]),
      ),
      documents: zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }])),
    });
    const { id } = created.json<{ id: string }>();
    await waitForStatus(app, user, id, ['ready']);
    expect((await startOperation(app, user, id)).statusCode).toBe(202);
    await waitForStatus(app, user, id, ['completed']);

    const list = await app.inject({ url: '/api/verifications/', headers: user.headers });
    const [made] = list.json<{ results: VerificationJson[] }>().results;
    expect(made!.public_url).toBe(`https://verify.example.edu/v/${made!.code}`);
    expect(await securedQr(user, made!)).toBe(made!.qr_url);
    const report = await app.inject({
      url: `/api/bulk-operations/${id}/report/`,
      headers: user.headers,
    });
    expect(report.body).toContain(made!.public_url);
  });

  test("a shared user's new codes carry the account's domain; view access may read but not change it", async () => {
    app = await customDomainApp({ CUSTOM_DOMAIN_SCHEME: 'http' });
    const owner = await signedInUser(app);
    await verifiedDomain(owner);
    const editor = await sharedUser(app, owner, { verifications: 'edit', custom_domain: 'view' });
    const created = await createVerification(app, editor);
    expect(created.public_url).toBe(`http://verify.example.edu/v/${created.code}`);
    const read = await app.inject({ method: 'GET', url: URL_PATH, headers: editor.headers });
    expect(read.json().domain).toBe('verify.example.edu');
    expect((await setDomain(editor, 'other.example.edu')).statusCode).toBe(403);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/profile/',
      headers: editor.headers,
    });
    expect(profile.json().has_custom_domain).toBe(true);
  });
});
