// The product's core loop in Chromium: secure a PDF through the create screen, read its QR like a phone,
// open the public page, check the original and an altered copy there, revoke and see the page say so.
import { readFile } from 'node:fs/promises';

import { renderPdfPages } from '../../server/test/helpers/pdf-pages';
import { makePdf } from '../../server/test/helpers/test-documents';
import { createVerifiedAccount, signInThroughUi } from '../support/accounts';
import { openPage } from '../support/browser';
import { useAppAndBrowser } from '../support/fixtures';

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
    await page.getByLabel('Document file').setInputFiles({
      name: 'diploma.pdf',
      mimeType: 'application/pdf',
      buffer: original,
    });
    await page.getByLabel('Title').fill('Master of Science');
    await page.getByLabel('Holder name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const publicLinkField = page.getByRole('textbox', { name: 'Public link' });
    await publicLinkField.waitFor({ timeout: 30_000 });
    const publicUrl = await publicLinkField.inputValue();
    expect(publicUrl).toMatch(new RegExp(`^${app.baseUrl}/v/[a-z0-9]{16}$`));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download secured PDF' }).click();
    const secured = await readFile((await (await downloading).path())!);
    const [[firstPage]] = await renderPdfPages([{ pdf: secured }]);
    expect(firstPage.qr?.data).toBe(publicUrl);

    const publicPage = await openPage(browser);
    await publicPage.goto(publicUrl);
    await publicPage.getByRole('heading', { name: 'Valid', exact: true }).waitFor();
    await publicPage.getByText('Master of Science').first().waitFor();

    const check = async (name: string, buffer: Buffer) => {
      await publicPage.locator('#check-file').setInputFiles({ name, mimeType: 'application/pdf', buffer });
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
});
