// Subscription in Chromium: /subscription/success confirms nothing without a paid Checkout session; a Free account
// (one verification a month here) secures one document, is stopped at the second with the 'Limit Exhusted' toast,
// follows its 'See plans' link, chooses Starter, pays on the fake Stripe's hosted checkout (which sends the signed
// webhooks, as Stripe does, before redirecting back), sees the payment confirmed once the webhook has landed, and
// secures the document it could not before. The operator set the Starter price with `npm run plans` while the
// server was stopped.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { createVerifiedAccount, signInThroughUi } from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { startFakeStripe, type FakeStripe } from '../../server/test/helpers/fake-stripe';
import { NO_LIMITS, planLimitsOverride } from '../../server/test/helpers/plans';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { Page } from 'playwright-core';

const root = path.resolve(__dirname, '../..');

async function secureThroughCreateScreen(page: Page, baseUrl: string, title: string) {
  await page.goto(`${baseUrl}/create`);
  await page
    .getByRole('group', { name: 'Document file' })
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: await makePdf() });
  await page.getByText('Upload complete').waitFor({ timeout: 30_000 });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Holder name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
}

describe('subscription', () => {
  // Filled in once the fake Stripe listens; the app starts after it (hooks run in the order they are declared).
  const env: Record<string, string> = {
    PLAN_LIMITS_OVERRIDE: planLimitsOverride({
      free: { ...NO_LIMITS, verifications_per_month: 1 },
    }),
  };
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    Object.assign(env, stripe.env);
  });
  const fixtures = useAppAndBrowser(env);
  afterAll(async () => {
    await stripe?.close();
  });

  beforeAll(async () => {
    const { app } = fixtures;
    // The embedded database admits one process: the operator sets the price while the server is stopped.
    await app.restart(async () => {
      const cli = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/src/cli/plans.ts',
          'set',
          'starter',
          '--stripe-price-monthly',
          'price_starter_e2e',
        ],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      );
      if (cli.status !== 0) throw new Error(`npm run plans failed: ${cli.stderr}${cli.stdout}`);
    });
    stripe.setWebhookUrl(`${app.baseUrl}/api/subscription/stripe-webhook/`);
  }, 150_000);

  it('stops a Free account at its limit, upgrades it through Checkout, and lifts the limit', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);

    // Nobody is thanked for a payment Stripe does not report: no session, or one typed by hand.
    for (const search of ['', '?session_id=cs_test_typed_by_hand']) {
      await page.goto(`${app.baseUrl}/subscription/success${search}`);
      await page.getByRole('heading', { name: 'Nothing to confirm' }).waitFor();
      expect(await page.getByText(/Thank you/).count()).toBe(0);
    }

    await secureThroughCreateScreen(page, app.baseUrl, 'First diploma');
    await page.getByRole('textbox', { name: 'Public link' }).waitFor({ timeout: 30_000 });

    await secureThroughCreateScreen(page, app.baseUrl, 'Second diploma');
    const toast = page.getByRole('alert').filter({ hasText: 'Limit Exhusted' });
    await toast
      .getByText('Your plan allows 1 verification a month. Upgrade to secure more.')
      .waitFor();
    await toast.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL(`${app.baseUrl}/subscription/plans`);

    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.waitForURL(/\/subscription\/success\?session_id=cs_/, { timeout: 30_000 });
    await page.getByText('Thank you. You are on the Starter plan.').waitFor({ timeout: 15_000 });
    expect(stripe.checkoutSessions.map((session) => session.params)).toEqual([
      expect.objectContaining({
        mode: 'subscription',
        client_reference_id: expect.any(String),
        line_items: [expect.objectContaining({ price: 'price_starter_e2e' })],
      }),
    ]);

    await page.goto(`${app.baseUrl}/subscription`);
    await page.getByText('Starter').first().waitFor();
    await secureThroughCreateScreen(page, app.baseUrl, 'Second diploma');
    await page.getByRole('textbox', { name: 'Public link' }).waitFor({ timeout: 30_000 });
  });
});
