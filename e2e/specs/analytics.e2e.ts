// Scan analytics in Chromium: open a verification's public page from several phones, wait for the queue's roll-up,
// and see the dashboard's chart total move; with a low threshold the scans flag the code, and the dashboard's
// unusual-activity list and the drawer show the evidence. Screenshots of both at 1280 and 375 px.
import { mkdirSync } from 'node:fs';

import {
  createVerifiedAccount,
  requestAccessToken,
  signInThroughUi,
} from '../../scripts/support/accounts';
import { openPage, VIEWPORTS } from '../../scripts/support/browser';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';
import type { Browser, Locator, Page } from 'playwright-core';

const SCREENS = '.tmp/screens/analytics';
const PHONES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
];

async function createVerification(app: RunningApp, token: string, title: string) {
  const form = new FormData();
  form.set(
    'file',
    new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
    'diploma.pdf',
  );
  form.set('title', title);
  form.set('holder_name', 'Ada Lovelace');
  form.set('issue_date', '2025-06-30');
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; code: string };
}

/** Opens the public page as a phone with its own user agent and language: one scan each. */
async function scanAs(browser: Browser, app: RunningApp, code: string, userAgent: string) {
  const context = await browser.newContext({
    userAgent,
    locale: 'en-GB',
    viewport: VIEWPORTS.phone,
  });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/v/${code}`);
  await page.getByText('Scans are counted without storing your IP address.').waitFor();
  await context.close();
}

/**
 * Reloads the dashboard until `shown` is visible. The total moves once the views are written (every 2 s), the
 * unusual-activity flag once the roll-up after them has run (a few seconds later): a load that has the one need
 * not have the other.
 */
async function reloadUntil(page: Page, app: RunningApp, shown: () => Locator, what: string) {
  // Generous: a failed roll-up is retried 30 s later, and CI runs two browsers and servers at once.
  const deadline = Date.now() + 120_000;
  for (;;) {
    // Each load gets 2 s to show it (its queries answer after the heading).
    if (
      await shown()
        .waitFor({ timeout: 2000 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
    if (Date.now() > deadline) {
      const said = await page.getByText(/ scans? in the last 30 days$/).allTextContents();
      throw new Error(
        `The dashboard never showed ${what} (its total said ${JSON.stringify(said)}); the server's warnings:\n${app.logs().slice(-4000)}`,
      );
    }
    await page.reload();
    await page.getByRole('heading', { name: 'Scans', exact: true }).waitFor();
  }
}

describe('scan analytics', () => {
  const fixtures = useAppAndBrowser({
    ANALYTICS_ROLLUP_INTERVAL_SECONDS: '5',
    QUEUE_POLL_INTERVAL_SECONDS: '0.5',
    UNUSUAL_SCAN_VISITORS: '3',
  });

  it('counts scans of the public page on the dashboard chart, and flags a code many phones scan', async () => {
    const { app, browser } = fixtures;
    mkdirSync(SCREENS, { recursive: true });
    const account = await createVerifiedAccount(app);
    const token = await requestAccessToken(app, account);
    const diploma = await createVerification(app, token, 'Bachelor of Arts');
    await createVerification(app, token, 'Master of Science');

    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByText('0 scans in the last 30 days', { exact: true }).waitFor();

    for (const userAgent of PHONES) await scanAs(browser, app, diploma.code, userAgent);
    const total = '3 scans in the last 30 days';
    await reloadUntil(page, app, () => page.getByText(total, { exact: true }), `'${total}'`);

    const unusual = page.getByRole('region', { name: 'Unusual activity' });
    const flag = /^3 different devices scanned this code (at|between) /;
    await reloadUntil(page, app, () => unusual.getByText(flag), 'the unusual-activity flag');
    const top = page.getByRole('region', { name: 'Top scanned documents' });
    await top.getByText('Bachelor of Arts').waitFor();
    await page.getByRole('region', { name: 'Devices' }).getByText('Mobile').waitFor();

    await page.getByRole('button', { name: '90 days' }).click();
    await page.getByText('3 scans in the last 90 days', { exact: true }).waitFor();
    await page.getByRole('button', { name: '30 days' }).click();
    await page.screenshot({ path: `${SCREENS}/dashboard-1280.png`, fullPage: true });

    await unusual.getByRole('button', { name: 'Bachelor of Arts' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bachelor of Arts' });
    await drawer.getByText(/^Unusual activity since/).waitFor();
    await drawer.getByText('3 scans in the last 30 days').waitFor();
    await drawer
      .getByRole('figure', { name: /Scans per day of this code/ })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/drawer-1280.png` });

    const phone = await (await browser.newContext({ viewport: VIEWPORTS.phone })).newPage();
    await signInThroughUi(phone, app, account);
    await phone.waitForURL(`${app.baseUrl}/`);
    await phone.getByText('3 scans in the last 30 days', { exact: true }).waitFor();
    await phone.screenshot({ path: `${SCREENS}/dashboard-375.png`, fullPage: true });
    await phone
      .getByRole('region', { name: 'Unusual activity' })
      .getByRole('button', { name: 'Bachelor of Arts' })
      .click();
    const phoneDrawer = phone.getByRole('dialog', { name: 'Bachelor of Arts' });
    await phoneDrawer.getByText(/^Unusual activity since/).waitFor();
    await phone.screenshot({ path: `${SCREENS}/drawer-375.png` });
    await phoneDrawer
      .getByRole('figure', { name: /Scans per day of this code/ })
      .scrollIntoViewIfNeeded();
    await phone.screenshot({ path: `${SCREENS}/drawer-chart-375.png` });
  }, 240_000);
});
