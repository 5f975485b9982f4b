// Integrations in Chromium: an API key created on the screen (shown once, copied) secures a PDF from a script,
// and a webhook added on the screen to a local receiver gets that verification.created event, signed so the
// standardwebhooks package accepts it, and shows it in its deliveries table with a test event sent from there.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

import { Webhook as StandardWebhook } from 'standardwebhooks';

import { createVerifiedAccount, signInThroughUi } from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { AddressInfo } from 'node:net';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that answers 200 and keeps what it got. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/qr-verify/events`, received, server };
}

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('integrations', () => {
  // The receiver is plain http on loopback, which only these test settings allow.
  const fixtures = useAppAndBrowser({
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_LOCAL_URLS: 'true',
  });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('creates a key that secures a PDF from a script, and shows the webhook delivery it caused', async () => {
    const { app, browser } = fixtures;
    const owner = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await page.context().grantPermissions(['clipboard-write'], { origin: app.baseUrl });
    // The product's Permissions-Policy forbids reading the clipboard (clipboard-read=()), so what the copy
    // button writes is recorded on its way there.
    await page.addInitScript(() => {
      const { clipboard } = navigator;
      const writeText = clipboard.writeText.bind(clipboard);
      clipboard.writeText = async (text: string) => {
        (window as { copiedText?: string }).copiedText = text;
        return writeText(text);
      };
    });
    await signInThroughUi(page, app, owner);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.waitForURL(`${app.baseUrl}/integrations`);

    // A key, shown once: the copy button puts exactly the shown key on the clipboard.
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Student records sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shownKey =
      (await page.locator('[aria-label="API key Student records sync"]').textContent()) ?? '';
    expect(shownKey).toMatch(/^qrv_/);
    await page.getByRole('button', { name: 'Copy the API key' }).click();
    await page.waitForFunction(() => 'copiedText' in window);
    await expect(page.evaluate(() => (window as { copiedText?: string }).copiedText)).resolves.toBe(
      shownKey,
    );
    await page.getByRole('button', { name: 'Done' }).click();
    const keys = page.getByRole('table', { name: 'API keys' });
    await keys.getByText('Student records sync').waitFor();
    expect(await page.getByText(shownKey).count()).toBe(0);

    // A webhook to the local receiver, for new verifications.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Records system');
    await form.getByRole('checkbox', { name: /verification\.created/ }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const card = page.getByRole('listitem', { name: receiver.url });
    await card.waitFor();
    await card.getByRole('button', { name: 'Show the signing secret' }).click();
    const secret = (await card.locator('[aria-label="Signing secret"] code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);

    // The script secures a PDF with the copied key, as an integration would.
    const document = new FormData();
    document.set('title', 'Bachelor of Science');
    document.set('holder_name', 'Ada Lovelace');
    document.set(
      'file',
      new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
      'diploma.pdf',
    );
    const created = await fetch(`${app.baseUrl}/api/verifications/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shownKey}` },
      body: document,
    });
    expect(created.status).toBe(201);
    const verification = (await created.json()) as { code: string };

    // The receiver gets the event, signed with the secret the screen showed.
    const delivery = await waitFor(
      () => receiver.received.find(({ body }) => body.includes('"verification.created"')),
      'the verification.created delivery',
    );
    const event = new StandardWebhook(secret).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    ) as { type: string; data: { code: string } };
    expect(event.type).toBe('verification.created');
    expect(event.data.code).toBe(verification.code);

    // The deliveries table shows it, and a test event sent from there.
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const table = card.getByRole('table', { name: 'Deliveries' });
    const createdRow = table.getByRole('row').filter({ hasText: 'verification.created' });
    await createdRow.getByText('Succeeded').waitFor();
    const createdText = (await createdRow.textContent()) ?? '';
    expect(createdText).toContain('200');
    expect(createdText).toContain('thanks');

    await card.getByRole('button', { name: 'Send test' }).click();
    const testRow = table.getByRole('row').filter({ hasText: 'webhook.test' });
    // Polled while open: the row turns Succeeded without a reload.
    await testRow.getByText('Succeeded').waitFor({ timeout: 20_000 });
    expect(receiver.received.some(({ body }) => body.includes('"webhook.test"'))).toBe(true);

    // The key's last use shows once the list is read again.
    await page.reload();
    const keyRow = page
      .getByRole('table', { name: 'API keys' })
      .getByRole('row')
      .filter({ hasText: 'Student records sync' });
    await keyRow.waitFor();
    expect(await keyRow.textContent()).not.toContain('Never used');
  });
});
