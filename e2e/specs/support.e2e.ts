// Support in Chromium: a signed-in user finds an answer in the Help section, then writes to support with an
// attachment and the diagnostic state; the message reaches SUPPORT_EMAIL through SMTP with what support needs, and
// the user gets a copy. Redux DevTools, on in the production build for support staff, is shown no secret.
import {
  createVerifiedAccount,
  signInThroughUi,
  type TestAccount,
} from '../../scripts/support/accounts';
import { openPage } from '../../scripts/support/browser';
import { makePng } from '../../server/test/helpers/test-documents';
import { useAppAndBrowser } from '../support/fixtures';

import type { Page } from 'playwright-core';

const SUPPORT_EMAIL = 'help@qrverify.test';
const STATUS_PAGE_URL = 'https://status.qrverify.test/';

/** The session's tokens, as the page keeps them in local storage. */
async function sessionTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('persist:session') ?? '{}') as Record<
      string,
      string
    >;
    return [JSON.parse(stored.accessToken!) as string, JSON.parse(stored.refreshToken!) as string];
  });
}

/** Secrets of the signed-in `account` found in `text`. */
async function secretsIn(text: string, page: Page, account: TestAccount): Promise<string[]> {
  return [account.password, ...(await sessionTokens(page))].filter((secret) =>
    text.includes(secret),
  );
}

/**
 * Stands in for the Redux DevTools extension, where the extension puts itself: it keeps what the extension would
 * be shown, every action and the state after it through the store's sanitizers, in window.__devToolsShown.
 */
function installDevToolsRecorder() {
  type Options = {
    actionSanitizer?: (action: unknown, id: number) => unknown;
    stateSanitizer?: (state: unknown, index: number) => unknown;
  };
  type Store = { dispatch: (action: unknown) => unknown; getState: () => unknown };
  type CreateStore = (reducer: unknown, preloaded: unknown) => Store;
  type Enhancer = (createStore: CreateStore) => CreateStore;
  const shown: unknown[] = [];
  Object.assign(window, {
    __devToolsShown: shown,
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__:
      (options: Options) =>
      (...enhancers: Enhancer[]): Enhancer => {
        const record: Enhancer = (createStore) => (reducer, preloaded) => {
          const store = createStore(reducer, preloaded);
          const dispatch = (action: unknown) => {
            const result = store.dispatch(action);
            if (typeof action === 'object' && action !== null) {
              const id = shown.length;
              shown.push(options.actionSanitizer?.(action, id) ?? action);
              shown.push(options.stateSanitizer?.(store.getState(), id) ?? store.getState());
            }
            return result;
          };
          return { ...store, dispatch };
        };
        return [...enhancers, record].reduceRight<Enhancer>(
          (inner, outer) => (createStore) => outer(inner(createStore)),
          (createStore) => createStore,
        );
      },
  });
}

/** Keeps what the page copies in window.__copied: the server's Permissions-Policy lets a page write, not read. */
function recordClipboardWrites() {
  const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
  navigator.clipboard.writeText = async (text: string) => {
    Object.assign(window, { __copied: text });
    return writeText(text);
  };
}

describe('support', () => {
  const fixtures = useAppAndBrowser({ SUPPORT_EMAIL, STATUS_PAGE_URL });

  it('searches the help, sends a message with an attachment, and both mails arrive', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Support' }).click();
    await page.waitForURL(`${app.baseUrl}/support`);

    // Help: the search narrows the answers to the one about printing; the status page is linked.
    await page.getByRole('searchbox', { name: 'Search the answers' }).fill('quiet zone');
    const answers = page.getByRole('list', { name: 'Answers' });
    // The list filters as the user types: wait for the other answers to go before counting.
    await answers.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
    await expect(answers.getByRole('listitem').count()).resolves.toBe(1);
    await answers.getByRole('button', { name: /How do I print codes/ }).click();
    await page.getByText(/at least 20 mm wide/).waitFor();
    await expect(
      page.getByRole('link', { name: /Service status/ }).getAttribute('href'),
    ).resolves.toBe(STATUS_PAGE_URL);

    // Contact us: where the answer goes, then the form with an attachment.
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByText(`We will answer at ${account.email}`).waitFor();
    await form.getByText('Plan: Free').waitFor();
    await form.getByLabel('Subject').fill('Printed codes do not scan');
    await form.getByLabel('Message').fill('Our diplomas were printed at 15 mm.\nPhones miss them.');
    await page.getByLabel('Attachment').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: makePng(40, 30),
    });
    await form.getByText('photo.png').waitFor();
    await form.getByRole('checkbox', { name: 'Attach the diagnostic state' }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(`Thanks — we will reply to ${account.email}`).waitFor();

    const toSupport = await app.mailbox.waitFor(SUPPORT_EMAIL);
    expect(toSupport.subject).toBe('[Support] Printed codes do not scan');
    expect(toSupport.text).toContain(`From: ${account.name} <${account.email}>`);
    expect(toSupport.text).toContain(`Account: ${account.email}`);
    expect(toSupport.text).toContain('Plan: Free');
    expect(toSupport.text).toMatch(/Attachment: photo\.png \(\d+ bytes\)/);
    expect(toSupport.text).toContain('Our diplomas were printed at 15 mm.\nPhones miss them.');
    // The diagnostic state: the app's state with the session's tokens hidden, and what it did last.
    expect(toSupport.text).toContain('Diagnostic state: diagnostic-state.json');
    const attached = toSupport.attachments.find(
      ({ filename }) => filename === 'diagnostic-state.json',
    );
    const diagnostic = JSON.parse(attached!.text) as {
      state: { session: Record<string, unknown> };
      recentActions: { type: string; at: string }[];
    };
    expect(diagnostic.state.session).toMatchObject({
      email: account.email,
      accessToken: '[secret]',
      refreshToken: '[secret]',
    });
    expect(diagnostic.recentActions.map(({ type }) => type)).toContain('session/profileLoaded');
    await expect(secretsIn(attached!.text, page, account)).resolves.toEqual([]);
    const copy = await app.mailbox.waitFor(account.email, (mail) =>
      mail.subject.startsWith('We received your message'),
    );
    expect(copy.subject).toBe('We received your message: Printed codes do not scan');
    expect(copy.text).toContain('Diagnostic state: attached');

    // Send another: an empty form again.
    await page.getByRole('button', { name: 'Send another' }).click();
    await expect(form.getByLabel('Subject').inputValue()).resolves.toBe('');
  });

  it('shows Redux DevTools no password or token, and copies the diagnostic state without them', async () => {
    const { app, browser } = fixtures;
    const account = await createVerifiedAccount(app);
    const page = await openPage(browser);
    await page.addInitScript(installDevToolsRecorder);
    await page.addInitScript(recordClipboardWrites);
    await page.context().grantPermissions(['clipboard-write'], { origin: app.baseUrl });
    await signInThroughUi(page, app, account);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Support' }).click();
    const section = page.getByRole('region', { name: 'Diagnostic state' });
    await section.getByRole('button', { name: 'Copy diagnostic state' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();

    const copied = await page.evaluate(() => (window as unknown as { __copied: string }).__copied);
    expect(JSON.parse(copied)).toMatchObject({
      state: { session: { email: account.email, accessToken: '[secret]' } },
    });
    await expect(secretsIn(copied, page, account)).resolves.toEqual([]);

    const shown = await page.evaluate(() =>
      JSON.stringify((window as unknown as { __devToolsShown: unknown[] }).__devToolsShown),
    );
    // The sign-in went by: its call, and the session it started, masked.
    expect(shown).toContain('"endpointName":"signInWithPassword"');
    expect(shown).toContain('"type":"session/signedIn"');
    expect(shown).toContain('"accessToken":"[secret]"');
    await expect(secretsIn(shown, page, account)).resolves.toEqual([]);
  });
});
