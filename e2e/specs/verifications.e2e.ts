// The product's core loop in Chromium: secure a PDF through the create screen, read its QR like a phone, have
// pdfsig validate its signature, open the public page, check the original and an altered copy there, revoke and see the page say so;
// then secure a PDF imported by link through Companion.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';

import { DOCUMENT_CA_PATH } from '../../common/verifications';
import { createVerifiedAccount, signInThroughUi } from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { renderPdfPages } from '../../server/test/helpers/pdf-pages';
import { pdfsig, trustStore } from '../../server/test/helpers/pdf-signatures';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { AddressInfo } from 'node:net';

describe('verifications', () => {
  const fixtures = useAppAndBrowser();

  it('secures a document, verifies copies on the public page, and shows a revocation', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);

    const original = await makePdf();
    await page.goto(`${app.baseUrl}/create`);
    await page
      .getByRole('group', { name: 'Document file' })
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: original });
    await page.getByText('Upload complete').waitFor({ timeout: 30_000 });
    await page.getByLabel('Title').fill('Master of Science');
    await page.getByLabel('Holder name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const publicLinkField = page.getByRole('textbox', { name: 'Public link' });
    await publicLinkField.waitFor({ timeout: 30_000 });
    const publicUrl = await publicLinkField.inputValue();
    // The link the QR code opens, its seal included.
    expect(publicUrl).toMatch(new RegExp(`^${app.baseUrl}/v/[a-z0-9]{16}#\\d+$`));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download secured PDF' }).click();
    const secured = await readFile((await (await downloading).path())!);
    const [[firstPage]] = await renderPdfPages([{ pdf: secured }]);
    expect(firstPage.qr?.data).toBe(publicUrl);
    // The downloaded file proves itself to poppler's pdfsig once the CA the server publishes is trusted.
    const caPem = await (await fetch(`${app.baseUrl}${DOCUMENT_CA_PATH}`)).text();
    const store = await trustStore(caPem);
    try {
      const report = await pdfsig(secured, store);
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    } finally {
      await store.remove();
    }

    const publicPage = await openPage(browser);
    await publicPage.goto(publicUrl);
    await publicPage.getByRole('heading', { name: 'Valid', exact: true }).waitFor();
    await publicPage.getByText('Master of Science').first().waitFor();

    const check = async (name: string, buffer: Buffer) => {
      await publicPage
        .locator('#check-file')
        .setInputFiles({ name, mimeType: 'application/pdf', buffer });
      const result = publicPage.locator('#check-message');
      await result.waitFor();
      return result.textContent();
    };
    await expect(check('original.pdf', original)).resolves.toBe('This file matches the original');
    const altered = Buffer.from(original);
    altered[altered.length - 10] ^= 0xff;
    await expect(check('altered.pdf', altered)).resolves.toBe(
      'This file does not match the document issued under this code',
    );

    await page.goto(`${app.baseUrl}/`);
    await page.getByText('Master of Science').first().click();
    const drawer = page.getByRole('dialog', { name: 'Master of Science' });
    await drawer.getByRole('button', { name: 'Revoke' }).click();
    const revokeDialog = page.getByRole('dialog', { name: 'Revoke this verification?' });
    await revokeDialog.getByLabel('Reason').fill('Issued in error');
    await revokeDialog.getByRole('button', { name: 'Revoke' }).click();
    await revokeDialog.waitFor({ state: 'detached' });

    await publicPage.reload();
    await publicPage.getByRole('heading', { name: 'Revoked', exact: true }).waitFor();
    await publicPage.getByText('Issued in error').waitFor();
  });

  it('secures a PDF imported by link', async () => {
    const { app, browser } = fixtures;
    const linked = await makePdf([{}, {}]);
    const files: Server = createServer((request, response) => {
      if (request.url !== '/certificate.pdf') return void response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': linked.length,
      });
      response.end(request.method === 'HEAD' ? undefined : linked);
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/certificate.pdf`;
    try {
      const account = await createVerifiedAccount(app);
      const page = await openPage(browser);
      await signInThroughUi(page, app, account);
      await page.waitForURL(`${app.baseUrl}/`);
      await page.goto(`${app.baseUrl}/create`);

      await page.getByRole('tab', { name: 'Link' }).click();
      await page.getByRole('textbox', { name: 'Enter URL to import a file' }).fill(fileUrl);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('Upload complete').waitFor({ timeout: 30_000 });
      // The preview reads the linked file back from the server.
      await page.getByText(/Page 1 of 2/).waitFor({ timeout: 30_000 });

      await page.getByLabel('Title').fill('Certificate of Completion');
      await page.getByLabel('Holder name').fill('Katherine Johnson');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const publicLinkField = page.getByRole('textbox', { name: 'Public link' });
      await publicLinkField.waitFor({ timeout: 30_000 });

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download secured PDF' }).click();
      const secured = await readFile((await (await downloading).path())!);
      const [[firstPage]] = await renderPdfPages([{ pdf: secured }]);
      expect(firstPage.qr?.data).toBe(await publicLinkField.inputValue());
    } finally {
      await new Promise((resolve) => files.close(resolve));
    }
  });
});
