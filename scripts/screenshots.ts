// `npm run screenshots`: every screen at desktop and phone widths, signed out and signed in, as PNGs in
// test-results/screens/ — for looking at what a change did to the product.
// Usage: npm run screenshots [-- <path> ...]   (default: every static route)
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { createVerifiedAccount, signInThroughUi } from '../e2e/support/accounts';
import { startApp } from '../e2e/support/app';
import { launchBrowser, VIEWPORTS } from '../e2e/support/browser';

import { ensureSpaBuilt } from './spa-build';

const PUBLIC_PATHS = ['/signin', '/signup', '/forgot-password', '/sso'];
const SIGNED_IN_PATHS = [
  '/',
  '/create',
  '/integrations',
  '/bulk-operations',
  '/bulk-operation/create',
  '/templates',
  '/templates/create',
  '/settings',
  '/settings/users',
  '/support',
  '/subscription',
  '/subscription/plans',
  '/subscription/failed',
  '/subscription/success',
  '/account',
  '/no-such-page',
];

const outputDir = path.resolve(__dirname, '../test-results/screens');

function fileName(pagePath: string, viewport: string) {
  const slug = pagePath === '/' ? 'dashboard' : pagePath.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
  return path.join(outputDir, `${slug}-${viewport}.png`);
}

async function main() {
  const only = process.argv.slice(2);
  const pick = (paths: string[]) => (only.length ? paths.filter((p) => only.includes(p)) : paths);
  mkdirSync(outputDir, { recursive: true });
  await ensureSpaBuilt();
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const account = await createVerifiedAccount(app);
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      for (const pagePath of pick(PUBLIC_PATHS)) {
        await page.goto(`${app.baseUrl}${pagePath}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: fileName(pagePath, viewportName), fullPage: true });
      }
      await signInThroughUi(page, app, account);
      await page.waitForURL(`${app.baseUrl}/`);
      await page.screenshot({ path: fileName('/onboarding', viewportName) });
      const onboarding = page.getByRole('dialog');
      if (await onboarding.isVisible()) {
        await onboarding.getByLabel('Education').check();
        await onboarding.getByRole('button', { name: 'Continue' }).click();
        await onboarding.waitFor({ state: 'detached' });
      }
      for (const pagePath of pick(SIGNED_IN_PATHS)) {
        await page.goto(`${app.baseUrl}${pagePath}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400); // page transition
        await page.screenshot({ path: fileName(pagePath, viewportName), fullPage: true });
      }
      await context.close();
    }
    console.log(`Screenshots in ${outputDir}`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
