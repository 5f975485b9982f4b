// One build for every setting: the server writes the SPA's public settings into index.html, so a setting
// changed between two starts shows in the app, from the same dist/.
import { createVerifiedAccount, signInThroughUi } from '../../scripts/support/accounts';
import { START_TIMEOUT_MS, startApp } from '../../scripts/support/app';
import { launchBrowser, openPage } from '../../scripts/support/browser';

import type { Browser } from 'playwright-core';

const FIRST = {
  SUPPORT_EMAIL: 'help@first.example',
  BOOK_A_DEMO_URL: 'https://first.example/demo',
};
const SECOND = {
  SUPPORT_EMAIL: 'care@second.example',
  BOOK_A_DEMO_URL: 'https://second.example/demo',
};

describe('runtime settings', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** What a signed-in user sees of the settings: the Book A Demo link and the support screen's address. */
  async function settingsOnScreen(settings: typeof FIRST) {
    const app = await startApp(settings);
    try {
      const account = await createVerifiedAccount(app);
      const page = await openPage(browser);
      await signInThroughUi(page, app, account);
      await page.waitForURL(`${app.baseUrl}/`);
      const demoUrl = await page.getByRole('link', { name: 'Book A Demo' }).getAttribute('href');
      await page.goto(`${app.baseUrl}/support`);
      const supportLink = page.getByRole('link', { name: /^Email / });
      return {
        BOOK_A_DEMO_URL: demoUrl,
        SUPPORT_EMAIL: (await supportLink.textContent())?.replace(/^Email /, ''),
      };
    } finally {
      await app.stop();
    }
  }

  it(
    'shows the settings the server was started with, and new ones after a restart',
    async () => {
      expect(await settingsOnScreen(FIRST)).toEqual(FIRST);
      expect(await settingsOnScreen(SECOND)).toEqual(SECOND);
    },
    2 * START_TIMEOUT_MS,
  );
});
