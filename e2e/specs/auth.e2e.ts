// Accounts end to end: sign-up with the mailed code, sign-out, sign-in with next, a wrong password,
// forgot password, and organisation SSO through a real OpenID provider on loopback.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import {
  createVerifiedAccount,
  enterCode,
  latestCode,
  newAccount,
  requestAccessToken,
  signInThroughUi,
} from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { startOidcProvider, type TestOidcProvider } from '../../server/test/helpers/oidc-provider';
import { useAppAndBrowser } from '../support/fixtures';

const root = path.resolve(__dirname, '../..');

describe('accounts', () => {
  const fixtures = useAppAndBrowser();

  it('signs up with the code from the mail and lands on the dashboard, onboarding first', async () => {
    const { app, browser } = fixtures;
    const account = newAccount();
    const page = await openPage(browser);
    await page.goto(`${app.baseUrl}/signup`);
    await page.getByRole('heading', { name: "Let's create an account" }).waitFor();
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const mailsBefore = app.mailbox.mails.length;
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('heading', { name: 'Authenticate Your Account' }).waitFor();
    await enterCode(page, await latestCode(app, account.email, mailsBefore));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(`${app.baseUrl}/`);
    const onboarding = page.getByRole('dialog');
    await onboarding.getByText('Welcome to QR Verify').waitFor();
    await onboarding.getByLabel('Education').check();
    await onboarding.getByRole('button', { name: 'Continue' }).click();
    await onboarding.waitFor({ state: 'detached' });
    await page.getByText(account.email).waitFor();
  });

  it('signs out to the sign-in page and guards the dashboard afterwards', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);

    const storage = () => page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(await storage()).toContain(account.email);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/signin$/);
    // The sign-in page, once loaded, may already have stored its own signed-out state (a race this test lost
    // once when it counted keys): what matters is that nothing of the old session is left.
    expect(await storage()).not.toContain(account.email);
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL(/\/signin\?next=%2F$/);
  });

  it('returns to the requested page after signing in', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await page.goto(`${app.baseUrl}/templates`);
    await page.waitForURL(/\/signin\?next=%2Ftemplates$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/templates`);
  });

  it('shows the inline error for a wrong password and stays signed out', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, { ...account, password: 'Wrong-password-1' });
    await page.getByText('Invalid credentials given.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');
  });

  it('resets a forgotten password: the new one works, the old one is refused', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const newPassword = 'Brand-new-pass-42';
    const page = await openPage(browser);
    await page.goto(`${app.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(account.email);
    const mailsBefore = app.mailbox.mails.length;
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('OTP Sent').waitFor();
    await enterCode(page, await latestCode(app, account.email, mailsBefore));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: /change password/i }).click();
    await page.waitForURL(`${app.baseUrl}/`);

    await expect(requestAccessToken(app, { ...account, password: newPassword })).resolves.toEqual(
      expect.any(String),
    );
    await expect(requestAccessToken(app, account)).rejects.toThrow(/400.*invalid_grant/);
  });

  describe('organisation SSO', () => {
    let provider: TestOidcProvider;

    beforeAll(async () => {
      const { app } = fixtures;
      provider = await startOidcProvider({
        clientId: 'qr-verify-acme',
        clientSecret: 'acme-secret',
        redirectUris: [`${app.baseUrl}/sso`],
      });
      // The embedded database admits one process: add the connection while the server is stopped.
      await app.restart(async () => {
        const cli = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'server/src/cli/sso.ts',
            'add',
            '--name',
            'Acme',
            '--issuer',
            provider.issuer,
            '--client-id',
            'qr-verify-acme',
            '--client-secret',
            'acme-secret',
            '--domains',
            'acme.test',
          ],
          {
            cwd: root,
            env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' },
            encoding: 'utf8',
          },
        );
        if (cli.status !== 0) throw new Error(`sso add failed: ${cli.stderr}${cli.stdout}`);
      });
    });

    afterAll(() => provider?.stop());

    it('signs in through the identity provider and lands on the dashboard', async () => {
      const { app, browser } = fixtures;
      const page = await openPage(browser);
      await page.goto(`${app.baseUrl}/sso`);
      await page.getByRole('heading', { name: 'Continue with SSO' }).waitFor();
      await page.getByLabel('Email').fill('grace@acme.test');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL(`${app.baseUrl}/`, { timeout: 20_000 });
      await page.getByText('grace@acme.test').waitFor();
    });

    it('explains when the email domain has no SSO connection', async () => {
      const { app, browser } = fixtures;
      const page = await openPage(browser);
      await page.goto(`${app.baseUrl}/sso`);
      await page.getByLabel('Email').fill('someone@elsewhere.test');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByText('Single sign-on is not set up for this email domain.').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/sso');
    });
  });
});
