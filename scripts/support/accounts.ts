// Accounts for specs: created through the real API, verified with the code the mail capture received.
import { PUBLIC_SETTING_DEFAULTS } from '../../common/public-settings';

import type { RunningApp } from './app';
import type { Page } from 'playwright-core';

/** What the account helpers use of a running app: its address and its mail capture. */
type AppWithMailbox = Pick<RunningApp, 'baseUrl' | 'mailbox'>;

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

let accountCount = 0;

export function newAccount(): TestAccount {
  accountCount += 1;
  return {
    name: `Ada Tester ${accountCount}`,
    email: `ada.${accountCount}.${Date.now()}@example.test`,
    password: `Correct-horse-${accountCount}9`,
  };
}

/** The 6-digit code in the newest mail to `email`. */
export async function latestCode(app: AppWithMailbox, email: string, after = 0): Promise<string> {
  const mail = await app.mailbox.waitFor(
    email,
    (candidate) =>
      app.mailbox.mails.indexOf(candidate) >= after && /\b\d{6}\b/.test(candidate.text),
  );
  return mail.text.match(/\b(\d{6})\b/)![1];
}

async function callApi(
  app: AppWithMailbox,
  method: string,
  path: string,
  body: unknown,
  accessToken?: string,
) {
  const response = await fetch(`${app.baseUrl}/api/${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Signs in through the token endpoint, as the SPA does; returns the access token. */
export async function requestAccessToken(
  app: AppWithMailbox,
  account: TestAccount,
): Promise<string> {
  const form = new FormData();
  const fields = {
    grant_type: 'password',
    client_id: PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_ID,
    client_secret: PUBLIC_SETTING_DEFAULTS.OAUTH_CLIENT_SECRET,
    email: account.email,
    password: account.password,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${app.baseUrl}/api/auth/token/`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`sign-in → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A verified account; unless `onboarded` is false its industry is set, so the onboarding scene
 * does not cover the screens a spec is about.
 */
export async function createVerifiedAccount(
  app: AppWithMailbox,
  account = newAccount(),
  { onboarded = true } = {},
): Promise<TestAccount> {
  const mailsBefore = app.mailbox.mails.length;
  await callApi(app, 'POST', 'auth/register/', {
    first_name: account.name,
    email: account.email,
    password: account.password,
    referrer: '',
    journey: [],
  });
  const otp = await latestCode(app, account.email, mailsBefore);
  await callApi(app, 'PATCH', 'auth/email-verification/?source=signup', {
    email: account.email,
    otp,
  });
  if (onboarded) {
    const token = await requestAccessToken(app, account);
    await callApi(app, 'PATCH', 'auth/profile/', { industry: 'Education' }, token);
  }
  return account;
}

/** Types a code into the six OTP cells (typing advances from cell to cell). */
export async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: /digit 1/i }).click();
  await page.keyboard.type(code);
}

export async function signInThroughUi(
  page: Page,
  app: AppWithMailbox,
  account: TestAccount,
  path = '/signin',
) {
  await page.goto(`${app.baseUrl}${path}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
