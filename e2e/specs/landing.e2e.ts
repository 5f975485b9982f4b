// The landing rule in Chromium: a shared user without verifications, signing in (or joining through the
// invitation), lands on the first area their owner shared — never on a screen of errors — and on a welcome that
// names what is shared once the owner takes every area back.
import {
  newAccount,
  createVerifiedAccount,
  requestAccessToken,
  signInThroughUi,
} from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';

const NOTHING = {
  verifications: 'none',
  bulk: 'none',
  templates: 'none',
  integrations: 'none',
  custom_domain: 'none',
};

async function callApi(app: RunningApp, token: string, method: string, url: string, body?: object) {
  const response = await fetch(`${app.baseUrl}/api/${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
}

describe('landing', () => {
  const fixtures = useAppAndBrowser();

  it('sends a shared user without verifications to what is shared, or to a welcome naming it', async () => {
    const { app, browser } = fixtures;
    const owner = await createVerifiedAccount(app);
    const token = await requestAccessToken(app, owner);
    const invitee = newAccount();
    const member = await callApi(app, token, 'POST', 'team/users/', {
      email: invitee.email,
      shared_access: { ...NOTHING, templates: 'view' },
    });

    // Joining through the mailed link lands on Templates, the one area shared.
    const mail = await app.mailbox.waitFor(invitee.email, (candidate) =>
      candidate.text.includes('/signup?invitation='),
    );
    const page = await openPage(browser);
    await page.goto(mail.text.match(/https?:\/\/\S+\/signup\?invitation=[\w-]+/)![0]);
    await page.getByLabel('Name').fill(invitee.name);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${app.baseUrl}/templates`);
    await page.getByRole('heading', { name: 'Templates', exact: true }).waitFor();
    expect(await page.getByText(/Check your connection|could not be loaded/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Verifications' }).count()).toBe(0);

    // With nothing shared, signing in again lands on the welcome.
    await callApi(app, token, 'PATCH', `team/users/${member.id}/`, { shared_access: NOTHING });
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signInThroughUi(page, app, invitee);
    await page.waitForURL(`${app.baseUrl}/welcome`);
    await page.getByRole('heading', { name: /^Welcome to Ada Tester \d+'s account$/ }).waitFor();
    await page.getByText('Verifications: not shared').waitFor();
    expect(await page.getByText(/Check your connection|could not be loaded/).count()).toBe(0);
  });
});
