// Accounts for specs: created through the real API, verified with the code the mail capture received.
import type { RunningApp } from './app';
import type { Page } from 'playwright-core';

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
export async function latestCode(app: RunningApp, email: string, after = 0): Promise<string> {
  const mail = await app.mailbox.waitFor(
    email,
    (candidate) => app.mailbox.mails.indexOf(candidate) >= after && /\b\d{6}\b/.test(candidate.text),
  );
  return mail.text.match(/\b(\d{6})\b/)![1];
}

async function callApi(app: RunningApp, method: string, path: string, body: unknown) {
  const response = await fetch(`${app.baseUrl}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function createVerifiedAccount(app: RunningApp, account = newAccount()): Promise<TestAccount> {
  const mailsBefore = app.mailbox.mails.length;
  await callApi(app, 'POST', 'auth/register/', {
    first_name: account.name,
    email: account.email,
    password: account.password,
    referrer: '',
    journey: [],
  });
  const otp = await latestCode(app, account.email, mailsBefore);
  await callApi(app, 'PATCH', 'auth/email-verification/?source=signup', { email: account.email, otp });
  return account;
}

/** Types a code into the six OTP cells (typing advances from cell to cell). */
export async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: /digit 1/i }).click();
  await page.keyboard.type(code);
}

export async function signInThroughUi(page: Page, app: RunningApp, account: TestAccount, path = '/signin') {
  await page.goto(`${app.baseUrl}${path}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
