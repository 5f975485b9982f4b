// The account screen in Chromium: renaming the organisation changes the issuer a public page names; a session
// signed in elsewhere (a second browser context, another device) is signed out from here, and its next
// navigation lands on sign-in.
import {
  createVerifiedAccount,
  requestAccessToken,
  signInThroughUi,
  type TestAccount,
} from '../../scripts/support/accounts';
import { VIEWPORTS } from '../../scripts/support/browser';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function createVerification(app: RunningApp, account: TestAccount): Promise<string> {
  const token = await requestAccessToken(app, account);
  const form = new FormData();
  form.set(
    'file',
    new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
    'diploma.pdf',
  );
  form.set('title', 'Bachelor of Science');
  form.set('holder_name', 'Grace Hopper');
  form.set('issue_date', '2025-06-30');
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}

describe('account', () => {
  const fixtures = useAppAndBrowser();

  it('renaming the organisation changes the issuer on the public page', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const code = await createVerification(app, account);
    const publicPage = await (await browser.newContext()).newPage();
    await publicPage.goto(`${app.baseUrl}/v/${code}`);
    await publicPage.getByText(account.name).first().waitFor();

    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.goto(`${app.baseUrl}/account`);
    const profile = page.getByRole('form', { name: 'Profile' });
    // Nothing proves the name yet (no verified domain, no operator check): the notice says so.
    const notice = profile.getByRole('status', { name: 'How pages name the account' });
    await notice.getByText(/calling itself ‘/).waitFor();
    expect(await notice.textContent()).toContain(`‘${account.name}’`);
    await profile.getByRole('textbox', { name: 'Organisation name' }).fill('University of Xanadu');
    await profile
      .getByText(
        'Issued by an account calling itself “University of Xanadu” — its name is not verified',
      )
      .waitFor();
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();

    await publicPage.reload();
    await publicPage.getByText('University of Xanadu').first().waitFor();
    // The old name stays only where the page quotes the PDF's signature, made under it: that is what the file says.
    const oldNameIn = await publicPage
      .getByText(account.name)
      .evaluateAll((elements) => elements.map((element) => element.closest('[id]')?.id ?? ''));
    expect(oldNameIn).toEqual(['signature-facts']);
  });

  it('signs another session out: its next navigation lands on sign-in', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);

    const phone = await (
      await browser.newContext({ viewport: VIEWPORTS.phone, userAgent: IPHONE_SAFARI })
    ).newPage();
    await signInThroughUi(phone, app, account);
    await phone.waitForURL(`${app.baseUrl}/`);

    const laptop = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signInThroughUi(laptop, app, account);
    await laptop.waitForURL(`${app.baseUrl}/`);
    await laptop.goto(`${app.baseUrl}/account`);
    const sessions = laptop.getByRole('list', { name: 'Signed-in sessions' });
    const phoneRow = sessions.getByRole('listitem', { name: 'Safari on phone' });
    await phoneRow.waitFor();
    await sessions.getByText('This session').waitFor();
    await phoneRow.getByRole('button', { name: 'Sign out' }).click();
    await laptop.getByText('Session signed out').waitFor();
    await phoneRow.waitFor({ state: 'detached' });

    await phone.goto(`${app.baseUrl}/account`);
    await phone.waitForURL((url) => url.pathname === '/signin');
    // This session goes on.
    await laptop.reload();
    await laptop.getByRole('form', { name: 'Profile' }).waitFor();
  });
});
