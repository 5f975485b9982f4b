// Support in Chromium: a signed-in user finds an answer in the Help section, then writes to support with an
// attachment; the message reaches SUPPORT_EMAIL through SMTP with what support needs, and the user gets a copy.
import { makePng } from '../../server/test/helpers/test-documents';
import { createVerifiedAccount, signInThroughUi } from '../support/accounts';
import { openPage } from '../support/browser';
import { useAppAndBrowser } from '../support/fixtures';

const SUPPORT_EMAIL = 'help@qrverify.test';
const STATUS_PAGE_URL = 'https://status.qrverify.test/';

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
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(`Thanks — we will reply to ${account.email}`).waitFor();

    const toSupport = await app.mailbox.waitFor(SUPPORT_EMAIL);
    expect(toSupport.subject).toBe('[Support] Printed codes do not scan');
    expect(toSupport.text).toContain(`From: ${account.name} <${account.email}>`);
    expect(toSupport.text).toContain(`Account: ${account.email}`);
    expect(toSupport.text).toContain('Plan: Free');
    expect(toSupport.text).toMatch(/Attachment: photo\.png \(\d+ bytes\)/);
    expect(toSupport.text).toContain('Our diplomas were printed at 15 mm.\nPhones miss them.');
    const copy = await app.mailbox.waitFor(account.email, (mail) =>
      mail.subject.startsWith('We received your message'),
    );
    expect(copy.subject).toBe('We received your message: Printed codes do not scan');

    // Send another: an empty form again.
    await page.getByRole('button', { name: 'Send another' }).click();
    await expect(form.getByLabel('Subject').inputValue()).resolves.toBe('');
  });
});
