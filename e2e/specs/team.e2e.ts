// A team in Chromium: the owner invites by email, the invitee joins through the mailed link and works on the
// owner's verifications as far as their permissions allow; raising and removing access take effect at once.
import {
  createVerifiedAccount,
  newAccount,
  requestAccessToken,
  signInThroughUi,
} from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { makePdf } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { RunningApp } from '../../scripts/support/app';
import type { Page } from 'playwright-core';

async function createVerificationThroughApi(app: RunningApp, token: string, title: string) {
  const form = new FormData();
  form.set('title', title);
  form.set('holder_name', 'Grace Hopper');
  form.set(
    'file',
    new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
    'a.pdf',
  );
  const response = await fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`create → ${response.status}`);
}

/** Sets one area's level in the open invite or permissions dialog. */
async function chooseLevel(page: Page, area: string, level: 'None' | 'View' | 'Edit') {
  await page
    .getByRole('dialog')
    .getByRole('group', { name: area })
    .getByRole('button', { name: level })
    .click();
}

describe('team', () => {
  const fixtures = useAppAndBrowser();

  it('invites a user who joins by the mailed link, works as permitted, and is signed out once removed', async () => {
    const { app, browser } = fixtures;
    const owner = await createVerifiedAccount(app);
    await createVerificationThroughApi(app, await requestAccessToken(app, owner), 'Owner diploma');

    // The owner invites with view access to verifications.
    const ownerPage = await openPage(browser);
    await signInThroughUi(ownerPage, app, owner);
    await ownerPage.waitForURL(`${app.baseUrl}/`);
    await ownerPage.getByRole('link', { name: 'Add User' }).click();
    await ownerPage.waitForURL(`${app.baseUrl}/settings/users`);
    await ownerPage.getByRole('button', { name: 'Invite user' }).click();
    const invitee = newAccount();
    await ownerPage.getByRole('dialog').getByLabel('Email').fill(invitee.email);
    await chooseLevel(ownerPage, 'Verifications', 'View');
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    const table = ownerPage.getByRole('table', { name: 'Team members' });
    await table.getByText(invitee.email).waitFor();
    await table.getByText('Invited', { exact: true }).waitFor();

    // The invitee opens the mailed link and joins without a code step.
    const mail = await app.mailbox.waitFor(invitee.email, (candidate) =>
      candidate.text.includes('/signup?invitation='),
    );
    const link = mail.text.match(/https?:\/\/\S+\/signup\?invitation=[\w-]+/)![0];
    expect(link.startsWith(app.baseUrl)).toBe(true);
    const inviteePage = await openPage(browser);
    await inviteePage.goto(link);
    await inviteePage
      .getByRole('heading', { name: /^Join Ada Tester \d+'s team on QR Verify$/ })
      .waitFor();
    await expect(inviteePage.getByLabel('Email').inputValue()).resolves.toBe(invitee.email);
    await inviteePage.getByLabel('Name').fill(invitee.name);
    await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Create account' }).click();
    await inviteePage.waitForURL(`${app.baseUrl}/`);

    // View access: the owner's verifications, and no way to create one.
    await inviteePage.getByText('Owner diploma').first().waitFor();
    expect(await inviteePage.getByRole('link', { name: 'Add User' }).count()).toBe(0);
    await inviteePage.goto(`${app.baseUrl}/create`);
    await inviteePage
      .getByRole('heading', { name: "You don't have access to change verifications" })
      .waitFor();

    // The owner sees the member active and raises verifications to edit.
    await ownerPage.reload();
    await table.getByText('Active', { exact: true }).waitFor();
    await ownerPage.getByRole('button', { name: `Edit permissions of ${invitee.name}` }).click();
    await chooseLevel(ownerPage, 'Verifications', 'Edit');
    await ownerPage.getByRole('button', { name: 'Save' }).click();
    await ownerPage.getByRole('dialog').waitFor({ state: 'detached' });

    // The invitee can now create one, on the owner's account, under their own name.
    await inviteePage.reload();
    await inviteePage
      .getByRole('group', { name: 'Document file' })
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: await makePdf() });
    await inviteePage.getByText('Upload complete').waitFor({ timeout: 30_000 });
    await inviteePage.getByLabel('Title').fill('Member letter');
    await inviteePage.getByLabel('Holder name').fill('Alan Turing');
    await inviteePage.getByRole('button', { name: 'Create', exact: true }).click();
    await inviteePage.getByRole('textbox', { name: 'Public link' }).waitFor({ timeout: 30_000 });

    await ownerPage.goto(`${app.baseUrl}/`);
    await ownerPage.getByText('Member letter').first().click();
    const drawer = ownerPage.getByRole('dialog', { name: 'Member letter' });
    await drawer.getByText(invitee.name).waitFor();

    // The owner removes the member; the member's next action signs them out.
    await ownerPage.goto(`${app.baseUrl}/settings/users`);
    await ownerPage.getByRole('button', { name: `Remove ${invitee.name}` }).click();
    await ownerPage
      .getByRole('dialog', { name: `Remove ${invitee.name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await ownerPage.getByText('No users invited yet').waitFor();

    await inviteePage.goto(`${app.baseUrl}/`);
    await inviteePage.waitForURL(/\/signin/);
    await inviteePage.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });
});
