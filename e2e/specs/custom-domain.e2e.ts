// A custom domain end to end in Chromium: set it on the settings screen, publish its records on a DNS server on
// loopback, Verify now, then secure a PDF whose QR code carries the custom address and open that page through the
// custom host (Chromium maps the name to the app's port).
import { readFile } from 'node:fs/promises';

import DNS from 'dns2';

import { createVerifiedAccount, signInThroughUi } from '../../scripts/support/accounts';
import { START_TIMEOUT_MS, startApp, type RunningApp } from '../../scripts/support/app';
import { launchBrowser, openPage } from '../../scripts/support/browser';
import { renderPdfPages } from '../../server/test/helpers/pdf-pages';
import { makePdf } from '../../server/test/helpers/test-documents';

import type { Browser } from 'playwright-core';

const DOMAIN = 'verify.example.test';
const TARGET = 'domains.qrverify.test';

// server/test/helpers/dns-server.ts builds server test apps on import, which this suite cannot load: a minimal
// DNS server on loopback answering the TXT and CNAME records the test publishes.
interface LoopbackDns {
  address: string;
  txt: Map<string, string>;
  cname: Map<string, string>;
  close(): Promise<void>;
}

async function startLoopbackDns(): Promise<LoopbackDns> {
  const txt = new Map<string, string>();
  const cname = new Map<string, string>();
  const { Packet } = DNS;
  const server = DNS.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0] as { name: string; type: number };
      const name = question.name.toLowerCase();
      const answer = { name, class: Packet.CLASS.IN, ttl: 1 };
      if (question.type === Packet.TYPE.TXT && txt.has(name))
        response.answers.push({ ...answer, type: Packet.TYPE.TXT, data: txt.get(name) } as never);
      if (question.type === Packet.TYPE.CNAME && cname.has(name))
        response.answers.push({
          ...answer,
          type: Packet.TYPE.CNAME,
          domain: cname.get(name),
        } as never);
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${server.addresses().udp!.port}`,
    txt,
    cname,
    close: () => server.close(),
  };
}

describe('custom domain', () => {
  let dns: LoopbackDns;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    dns = await startLoopbackDns();
    app = await startApp({
      CUSTOM_DOMAIN_TARGET: TARGET,
      DNS_SERVERS: dns.address,
      // No TLS on loopback: the custom domain's pages are printed as http://.
      CUSTOM_DOMAIN_SCHEME: 'http',
    });
    const { port } = new URL(app.baseUrl);
    browser = await launchBrowser({
      extraArgs: [`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1:${port}`],
    });
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    await Promise.all([browser?.close(), app?.stop(), dns?.close()]);
  });

  it('verifies a domain by DNS and serves new verifications on it', async () => {
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);

    await page.goto(`${app.baseUrl}/settings`);
    await page.getByRole('textbox', { name: 'Domain' }).fill(DOMAIN);
    await page.getByRole('button', { name: 'Continue' }).click();
    const txt = page.getByRole('listitem', { name: 'TXT record' }).locator('code');
    await txt.first().waitFor();
    const [txtName, txtValue] = await txt.allTextContents();
    expect(txtName).toBe(`_qrverify.${DOMAIN}`);
    expect(txtValue).toMatch(/^qrverify-verification=\S+$/);

    // Checked before the records exist: the screen says so in words.
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText(/TXT record not found yet/).waitFor();

    dns.txt.set(txtName!, txtValue!);
    dns.cname.set(DOMAIN, TARGET);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByRole('link', { name: `Open ${DOMAIN}` }).waitFor();

    await page.goto(`${app.baseUrl}/create`);
    await page
      .getByRole('group', { name: 'Document file' })
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: await makePdf() });
    await page.getByText('Upload complete').waitFor({ timeout: 30_000 });
    await page.getByLabel('Title').fill('Bachelor of Arts');
    await page.getByLabel('Holder name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const publicLinkField = page.getByRole('textbox', { name: 'Public link' });
    await publicLinkField.waitFor({ timeout: 30_000 });
    const publicUrl = await publicLinkField.inputValue();
    expect(publicUrl).toMatch(new RegExp(`^http://${DOMAIN}/v/[a-z0-9]{16}#\\d+$`));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download secured PDF' }).click();
    const secured = await readFile((await (await downloading).path())!);
    const [[firstPage]] = await renderPdfPages([{ pdf: secured }]);
    expect(firstPage.qr?.data).toBe(publicUrl);

    const publicPage = await openPage(browser);
    await publicPage.goto(publicUrl);
    await publicPage.getByRole('heading', { name: 'Valid', exact: true }).waitFor();
    await publicPage.getByText('Bachelor of Arts').first().waitFor();
    await publicPage.getByText(DOMAIN).first().waitFor();
    // The custom host serves the account's public pages only, not the app.
    const appOnCustomHost = await publicPage.goto(`http://${DOMAIN}/settings`);
    expect(appOnCustomHost?.status()).toBe(404);
  });
});
