// `npm run screenshots`: every screen at desktop and phone widths, signed out and signed in, as PNGs in
// test-results/screens/ — for looking at what a change did to the product.
// Usage: npm run screenshots [-- <path> ...]   (default: every static route)
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { makePdf, makePng } from '../server/test/helpers/test-documents';

import { ensureSpaBuilt } from './spa-build';
import { createVerifiedAccount, requestAccessToken, signInThroughUi } from './support/accounts';
import { startApp, type RunningApp } from './support/app';
import { launchBrowser, VIEWPORTS } from './support/browser';

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

// Screens that need data: a branded template (logo, colours, texts) and a verification that uses it.
const BRANDED_PATHS = ['/templates/edit', '/v/branded'];

const outputDir = path.resolve(__dirname, '../test-results/screens');

async function createBrandedVerification(app: RunningApp, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const template = new FormData();
  template.set(
    'data',
    JSON.stringify({
      name: 'Northfield Graduation',
      primary_color: '#7a1f2b',
      background_color: '#f7f3ee',
      text_color: '#1d1d1f',
      heading: 'Northfield University',
      intro: 'Degrees and diplomas awarded by Northfield University since 1891.',
      contact_text: 'Questions? Contact the registrar’s office',
      contact_url: 'mailto:registrar@northfield.test',
      footer_text: 'Northfield University · 1 College Green · Northfield',
    }),
  );
  const logo = new Uint8Array(makePng(160, 48, [122, 31, 43], [214, 168, 62]));
  template.set('logo', new Blob([logo], { type: 'image/png' }), 'crest.png');
  const templateAnswer = await fetch(`${app.baseUrl}/api/templates/`, {
    method: 'POST',
    headers: auth,
    body: template,
  });
  const { id: templateId } = (await templateAnswer.json()) as { id: string };
  const verification = new FormData();
  verification.set(
    'file',
    new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
    'diploma.pdf',
  );
  verification.set('title', 'Master of Science in Computing');
  verification.set('holder_name', 'Grace Hopper');
  verification.set('issue_date', '2026-03-05');
  verification.set('custom_fields', JSON.stringify([{ key: 'Student number', value: 'S-1906' }]));
  verification.set('allow_download', 'true');
  verification.set('template_id', templateId);
  const answer = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: auth,
    body: verification,
  });
  const { code } = (await answer.json()) as { code: string };
  return { editPath: `/templates/${templateId}/edit`, publicPath: `/v/${code}` };
}

function fileName(pagePath: string, viewport: string) {
  const slug =
    pagePath === '/' ? 'dashboard' : pagePath.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
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
    const branded = await createBrandedVerification(app, await requestAccessToken(app, account));
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
      const [editPath, publicPath] = BRANDED_PATHS;
      if (pick([editPath]).length) {
        await page.goto(`${app.baseUrl}${branded.editPath}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        await page.screenshot({ path: fileName(editPath, viewportName) });
        // The other preview width: phone on a desktop, desktop on a phone.
        await page
          .getByRole('button', { name: viewportName === 'phone' ? 'Desktop' : 'Phone' })
          .click();
        await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
        await page.waitForTimeout(400);
        await page.screenshot({ path: fileName(`${editPath}-other-preview`, viewportName) });
      }
      if (pick([publicPath]).length) {
        await page.goto(`${app.baseUrl}${branded.publicPath}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: fileName(publicPath, viewportName), fullPage: true });
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
