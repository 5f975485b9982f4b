// The public page in the reader's language, in Chromium: French and Arabic from the browser's own language, with the
// copy check answering in it, and the switcher taking the reader to another language with the seal's fragment kept
// and the choice remembered.
import ar from '../../common/i18n/messages/ar.json';
import fr from '../../common/i18n/messages/fr.json';
import ja from '../../common/i18n/messages/ja.json';
import { createVerifiedAccount, requestAccessToken } from '../../scripts/support/accounts';
import { VIEWPORTS } from '../../scripts/support/browser';
import { secureDocument } from '../../scripts/support/verifications';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

describe('the public page in the reader’s language', () => {
  const fixtures = useAppAndBrowser();

  // The catalogues as JSON: the e2e runner does not load the ESM message library, and the words are what is checked.
  it.each([
    ['fr-FR', 'fr', 'ltr', fr, 'Ce fichier correspond à l’original'],
    ['ar-EG', 'ar', 'rtl', ar, 'يطابق هذا الملف الأصل'],
  ] as const)(
    'a %s browser reads it in %s, copy check included',
    async (locale, language, dir, messages, matches) => {
      const { app, browser } = fixtures;
      const original = await makePdf();
      const token = await requestAccessToken(app, await createVerifiedAccount(app));
      const { code } = await secureDocument(app, token, { file: original });

      const context = await browser.newContext({ locale, viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/v/${code}`);
      await page.getByRole('heading', { name: messages['headline.active'], exact: true }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await page.getAttribute('html', 'dir')).toBe(dir);

      const check = async (buffer: Buffer) => {
        await page
          .locator('#check-file')
          .setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer });
        await page
          .locator('#check-result:is([data-state="match"], [data-state="mismatch"])')
          .waitFor();
        return page.locator('#check-message').textContent();
      };
      await expect(check(original)).resolves.toBe(matches);
      await expect(check(Buffer.from('%PDF-1.7 a forged copy'))).resolves.toBe(
        messages['check.mismatch'],
      );
      await context.close();
    },
  );

  it('the switcher keeps the address’s fragment and remembers the choice', async () => {
    const { app, browser } = fixtures;
    const token = await requestAccessToken(app, await createVerifiedAccount(app));
    const { code } = await secureDocument(app, token, { file: await makePdf() });

    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/v/${code}#fragment`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.locator('.languages summary').click();
    await page.locator('.languages a[lang="ja"]').click();
    await page.waitForURL(`${app.baseUrl}/v/${code}?lang=ja#fragment`);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');

    await page.goto(`${app.baseUrl}/v/${code}`);
    expect(await page.locator('#verdict').textContent()).toBe(ja['headline.active']);
    await context.close();
  });
});
