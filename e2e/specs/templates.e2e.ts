// Landing-page templates in Chromium: design one through the editor (logo, colours, heading) while the
// live preview follows, use it for a new verification, and see the public page carry it.
import {
  createVerifiedAccount,
  requestAccessToken,
  signInThroughUi,
} from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { makePdf, makePng } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';

const MAROON: [number, number, number] = [122, 31, 43];
const GOLD: [number, number, number] = [214, 168, 62];

interface TemplateSummary {
  id: string;
  name: string;
  is_default: boolean;
  logo: { url: string } | null;
}

async function listTemplates(app: RunningApp, token: string): Promise<TemplateSummary[]> {
  const response = await fetch(`${app.baseUrl}/api/templates/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: TemplateSummary[] }).results;
}

/** A verification through the API, as the create screen's template picker will send it. */
async function createVerification(app: RunningApp, token: string, templateId: string) {
  const form = new FormData();
  const pdf = await makePdf();
  form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'diploma.pdf');
  form.set('title', 'Master of Science');
  form.set('holder_name', 'Grace Hopper');
  form.set('issue_date', '2026-03-05');
  form.set('custom_fields', JSON.stringify([{ key: 'Student number', value: 'S-1906' }]));
  form.set('allow_download', 'true');
  form.set('template_id', templateId);
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 201)
    throw new Error(`create → ${response.status}: ${JSON.stringify(body)}`);
  return body as { code: string; public_url: string; template_id: string };
}

describe('templates', () => {
  const fixtures = useAppAndBrowser();

  it('designs a template with a logo and colours, and a verification using it shows it', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);

    // Every account starts with its default template.
    await page.goto(`${app.baseUrl}/templates`);
    const defaultCard = page.getByRole('article', { name: 'Default' });
    await defaultCard.getByText('Default', { exact: true }).last().waitFor();
    await page.getByRole('link', { name: 'Create Template' }).click();
    await page.waitForURL(`${app.baseUrl}/templates/create`);

    const preview = page.frameLocator('iframe[title^="Preview of the public page"]');
    await preview.getByRole('heading', { name: 'Valid' }).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Northfield Graduation');
    await page.getByLabel('Logo file').setInputFiles({
      name: 'crest.png',
      mimeType: 'image/png',
      buffer: makePng(160, 48, MAROON, GOLD),
    });
    await page.getByRole('img', { name: 'The logo' }).waitFor();
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#7a1f2b');
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Northfield University');
    await page
      .getByRole('textbox', { name: 'Intro message', exact: true })
      .fill('Degrees awarded by Northfield.');
    await page
      .getByRole('textbox', { name: 'Contact text', exact: true })
      .fill('Registrar’s office');
    await page
      .getByRole('textbox', { name: 'Contact link', exact: true })
      .fill('mailto:registrar@northfield.test');

    // The preview is the page itself, updated as the form changes, the new logo included.
    await preview.getByText('Northfield University').waitFor();
    await preview.getByText('Degrees awarded by Northfield.').waitFor();
    const previewLogo = preview.locator('img.logo');
    await expect(previewLogo.getAttribute('src')).resolves.toMatch(/^blob:/);
    await expect(
      previewLogo.evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).resolves.toBe(160);

    // A hard-to-read text colour is pointed out, not refused.
    await page.getByRole('textbox', { name: 'Text colour', exact: true }).fill('#cccccc');
    await page.getByText(/The text colour is hard to read/).waitFor();
    await page.getByRole('textbox', { name: 'Text colour', exact: true }).fill('#1d1d1f');
    await page.getByText(/The text colour is hard to read/).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Phone' }).click();
    await page.locator('iframe[title="Preview of the public page (phone)"]').waitFor();

    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(`${app.baseUrl}/templates`);
    const card = page.getByRole('article', { name: 'Northfield Graduation', exact: true });
    await card.getByText('Not used by any verification yet').waitFor();

    const token = await requestAccessToken(app, account);
    const template = (await listTemplates(app, token)).find(
      (candidate) => candidate.name === 'Northfield Graduation',
    )!;
    expect(template.is_default).toBe(false);
    expect(template.logo?.url).toMatch(new RegExp(`^/v/logos/${template.id}/[0-9a-f]{16}\\.png$`));

    const verification = await createVerification(app, token, template.id);
    expect(verification.template_id).toBe(template.id);

    const publicPage = await openPage(browser);
    await publicPage.goto(verification.public_url);
    await publicPage.getByRole('heading', { name: 'Valid', exact: true }).waitFor();
    await publicPage.locator('.bar').getByText('Northfield University').waitFor();
    await publicPage.getByText('Degrees awarded by Northfield.').waitFor();
    await publicPage
      .getByRole('link', { name: 'Registrar’s office' })
      .and(publicPage.locator('[href="mailto:registrar@northfield.test"]'))
      .waitFor();

    const logo = publicPage.locator('img.logo');
    await expect(logo.getAttribute('src')).resolves.toBe(template.logo!.url);
    await expect(
      logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    ).resolves.toBe(160);

    const brand = await publicPage.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
    );
    expect(brand).toBe('#7a1f2b');
    const buttonColour = await publicPage
      .getByRole('link', { name: 'Download the secured document' })
      .evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(buttonColour).toBe(`rgb(${MAROON.join(', ')})`);

    // The grid now counts the verification.
    await page.reload();
    await card.getByText('Used by 1 verification').waitFor();
  });
});
