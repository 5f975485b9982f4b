import { SUPPORT_LIMITS } from '@common/support-schemas';

import { makeZip } from '../../../helpers/bulk';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { sharedUser, VIEW_ALL } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { makePng } from '../../../helpers/test-documents';
import {
  formData,
  signedInUser,
  type FilePart,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

const SUPPORT_EMAIL = 'help@qrverify.test';
const URL_PATH = '/api/support/messages/';

let mail: MailCapture;
let app: FastifyInstance;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

beforeEach(() => mail.clear());

afterEach(async () => {
  await app?.close();
});

function supportApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return createTestApp({ env: { SMTP_URL: mail.smtpUrl, SUPPORT_EMAIL, ...env } });
}

function postJson(user: TestUser, payload: object): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: URL_PATH, headers: user.headers, payload });
}

function postForm(
  user: TestUser,
  fields: Record<string, string | FilePart>,
): Promise<LightMyRequestResponse> {
  const form = formData(fields);
  return app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

/** A message carrying one file as its attachment. */
function postAttachment(
  user: TestUser,
  name: string,
  data: Buffer,
): Promise<LightMyRequestResponse> {
  return postForm(user, { subject: 'File', message: 'Attached.', attachment: { name, data } });
}

function fieldErrors(response: LightMyRequestResponse): Record<string, string[]> {
  return response.json<{ error: { details: Record<string, string[]> } }>().error.details;
}

describe('a message without an attachment (JSON)', () => {
  test('mails SUPPORT_EMAIL with the user as Reply-To and their account and plan, and the user a copy', async () => {
    app = await supportApp();
    const user = await signedInUser(app, {
      email: 'grace@example.edu',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const response = await postJson(user, {
      subject: '  QR codes do not scan  ',
      message: 'Our printed diplomas\ndo not open the page.',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [toSupport] = mail.to(SUPPORT_EMAIL);
    expect(toSupport).toMatchObject({
      subject: '[Support] QR codes do not scan',
      replyTo: 'grace@example.edu',
      attachments: [],
    });
    expect(toSupport!.text).toContain('From: Grace Hopper <grace@example.edu>');
    expect(toSupport!.text).toContain('Account: grace@example.edu');
    expect(toSupport!.text).toContain('Plan: Free');
    expect(toSupport!.text).toContain(`Reference: ${id}`);
    expect(toSupport!.text).toContain('Our printed diplomas\ndo not open the page.');

    const [copy] = await mail.waitFor('grace@example.edu');
    expect(copy!.subject).toBe('We received your message: QR codes do not scan');
    expect(copy!.text).toContain('We received your message and will reply to grace@example.edu.');
    expect(copy!.text).toContain(`Reference: ${id}`);
    expect(copy!.text).toContain('Our printed diplomas\ndo not open the page.');
  });

  test("a shared user's message names the account's owner and the account's plan", async () => {
    app = await supportApp();
    const owner = await signedInUser(app, { email: 'owner@example.edu' });
    await app.db
      .insertInto('subscriptions')
      .values({
        account_id: owner.id,
        plan_id: 'pro',
        status: 'active',
        interval: 'month',
        current_period_end: null,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        stripe_event_created_at: null,
      })
      .execute();
    const member = await sharedUser(app, owner, VIEW_ALL, { email: 'sam@example.edu' });
    const response = await postJson(member, { subject: 'Access', message: 'Can I edit?' });
    expect(response.statusCode).toBe(201);
    const [toSupport] = mail.to(SUPPORT_EMAIL);
    expect(toSupport!.replyTo).toBe('sam@example.edu');
    expect(toSupport!.text).toContain('From: Sam Shared <sam@example.edu>');
    expect(toSupport!.text).toContain('Account: owner@example.edu');
    expect(toSupport!.text).toContain('Plan: Pro');
    await mail.waitFor('sam@example.edu');

    const sender = await app.inject({
      method: 'GET',
      url: '/api/support/',
      headers: member.headers,
    });
    expect(sender.json()).toEqual({ email: 'sam@example.edu', plan: 'Pro' });
  });

  test('nobody signed in gets 401 and nothing is mailed', async () => {
    app = await supportApp();
    const response = await app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: { subject: 'Hi', message: 'Hello' },
    });
    expect(response.statusCode).toBe(401);
    expect(mail.messages).toEqual([]);
  });
});

describe('validation', () => {
  test.each([
    [
      'both missing',
      {},
      { subject: ['This field is required.'], message: ['This field is required.'] },
    ],
    [
      'both blank',
      { subject: '   ', message: '' },
      { subject: ['Enter a subject.'], message: ['Write your message.'] },
    ],
    [
      'both too long',
      {
        subject: 'x'.repeat(SUPPORT_LIMITS.subject + 1),
        message: 'y'.repeat(SUPPORT_LIMITS.message + 1),
      },
      {
        subject: [`Must be at most ${SUPPORT_LIMITS.subject} characters.`],
        message: [`Must be at most ${SUPPORT_LIMITS.message} characters.`],
      },
    ],
    [
      'a line break in the subject',
      { subject: 'Line\nbreak', message: 'ok' },
      { subject: ['Must not contain control characters.'] },
    ],
  ])('%s → 400 with the field messages, nothing mailed', async (_case, body, details) => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postJson(user, body);
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual(details);
    expect(mail.messages).toEqual([]);
  });

  test('the longest subject and message pass', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postJson(user, {
      subject: 's'.repeat(SUPPORT_LIMITS.subject),
      message: 'm'.repeat(SUPPORT_LIMITS.message),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('attachments (multipart)', () => {
  test('an image is carried in the mail to support, by its real type; the copy names it', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const png = makePng(40, 30);
    const response = await postForm(user, {
      subject: 'Scan fails',
      message: 'See the photo.',
      attachment: { name: 'photo.png', type: 'application/octet-stream', data: png },
    });
    expect(response.statusCode).toBe(201);
    const [toSupport] = mail.to(SUPPORT_EMAIL);
    expect(toSupport!.attachments).toHaveLength(1);
    expect(toSupport!.attachments[0]).toMatchObject({
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(toSupport!.attachments[0]!.content.equals(png)).toBe(true);
    expect(toSupport!.text).toMatch(/Attachment: photo\.png \(\d+ bytes\)/);
    const [copy] = await mail.waitFor(user.email);
    expect(copy!.text).toContain('Attachment: photo.png');
    expect(copy!.attachments).toEqual([]);
  });

  test.each([
    ['errors.csv', 'text/csv', Buffer.from('code,status\nAB12,revoked\n')],
    ['server.log', 'text/plain', Buffer.from('Zürich 10:00 scan\n')],
    ['report.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%%EOF\n')],
  ])('%s is accepted as %s', async (name, contentType, data) => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postAttachment(user, name, data);
    expect(response.statusCode).toBe(201);
    expect(mail.to(SUPPORT_EMAIL)[0]!.attachments[0]).toMatchObject({
      filename: name,
      contentType,
    });
  });

  test('a zip is accepted; an Office file (a zip inside) is not', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const zip = await makeZip([{ name: 'a.txt', data: Buffer.from('a') }]);
    const zipped = await postAttachment(user, 'files.zip', zip);
    expect(zipped.statusCode).toBe(201);
    const docx = await postAttachment(user, 'letter.docx', zip);
    expect(docx.statusCode).toBe(400);
    expect(fieldErrors(docx).attachment).toEqual([
      'This file type cannot be attached. Attach an image, a PDF, a text or CSV file, or a zip.',
    ]);
  });

  test.each([
    ['program.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
    ['notes.txt', Buffer.from([0x00, 0x01, 0x02, 0xff])],
    ['photo.png', Buffer.from('not really a png')],
  ])('%s → 400 under details.attachment, nothing mailed', async (name, data) => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postAttachment(user, name, data);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('unsupported_file_type');
    expect(fieldErrors(response).attachment![0]).toMatch(/cannot be attached/);
    expect(mail.messages).toEqual([]);
  });

  test('an empty file → 400', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postAttachment(user, 'empty.txt', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual({ attachment: ['The attachment is empty.'] });
  });

  test('over 5 MiB → 413 naming the limit under details.attachment, nothing mailed', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const tooBig = Buffer.alloc(SUPPORT_LIMITS.attachment_bytes + 1, 'a');
    const response = await postAttachment(user, 'big.txt', tooBig);
    expect(response.statusCode).toBe(413);
    expect(fieldErrors(response)).toEqual({
      attachment: ['The file is larger than the 5 MiB limit'],
    });
    expect(mail.messages).toEqual([]);
  });

  test('a file under another name is refused', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postForm(user, {
      subject: 'File',
      message: 'Attached.',
      file: { name: 'a.txt', data: Buffer.from('a') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('unexpected_file');
  });
});

describe('the diagnostic state', () => {
  const diagnostic = JSON.stringify({
    takenAt: '2026-03-01T09:00:00.000Z',
    state: { session: { email: 'grace@example.edu', accessToken: '[secret]' } },
    recentActions: [{ type: 'session/signedIn', at: '2026-03-01T08:59:00.000Z' }],
  });

  test('goes to support as diagnostic-state.json beside the message; the copy says it was attached', async () => {
    app = await supportApp();
    const user = await signedInUser(app, { email: 'grace@example.edu' });
    const response = await postJson(user, { subject: 'Stuck', message: 'Spinner.', diagnostic });
    expect(response.statusCode).toBe(201);

    const [toSupport] = mail.to(SUPPORT_EMAIL);
    expect(toSupport!.text).toContain('Diagnostic state: diagnostic-state.json');
    expect(toSupport!.attachments).toHaveLength(1);
    expect(toSupport!.attachments[0]).toMatchObject({
      filename: 'diagnostic-state.json',
      contentType: 'application/json',
    });
    expect(JSON.parse(toSupport!.attachments[0]!.content.toString('utf8'))).toEqual(
      JSON.parse(diagnostic),
    );
    const [copy] = await mail.waitFor(user.email);
    expect(copy!.text).toContain('Diagnostic state: attached');
    expect(copy!.attachments).toEqual([]);
  });

  test('goes along with a file in a multipart form', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postForm(user, {
      subject: 'Scan fails',
      message: 'See the photo.',
      diagnostic,
      attachment: { name: 'photo.png', data: makePng(4, 4) },
    });
    expect(response.statusCode).toBe(201);
    const [toSupport] = mail.to(SUPPORT_EMAIL);
    expect(toSupport!.attachments.map(({ filename }) => filename)).toEqual([
      'photo.png',
      'diagnostic-state.json',
    ]);
  });

  test('a message without it says none', async () => {
    app = await supportApp();
    const user = await signedInUser(app);
    expect((await postJson(user, { subject: 'Hi', message: 'Hello' })).statusCode).toBe(201);
    expect(mail.to(SUPPORT_EMAIL)[0]!.text).toContain('Diagnostic state: none');
    const [copy] = await mail.waitFor(user.email);
    expect(copy!.text).not.toContain('Diagnostic state');
  });

  test.each([
    ['not JSON', '{"state": ', 'The diagnostic state must be a JSON object.'],
    ['JSON but not an object', '[1, 2]', 'The diagnostic state must be a JSON object.'],
    ['not text', { state: {} }, 'The diagnostic state must be text.'],
    [
      'over the limit',
      JSON.stringify({ padding: 'x'.repeat(SUPPORT_LIMITS.diagnostic) }),
      `The diagnostic state must be at most ${SUPPORT_LIMITS.diagnostic} characters.`,
    ],
  ])('%s → 400 under details.diagnostic, nothing mailed', async (_case, value, message) => {
    app = await supportApp();
    const user = await signedInUser(app);
    const response = await postJson(user, { subject: 'Hi', message: 'Hello', diagnostic: value });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual({ diagnostic: [message] });
    expect(mail.messages).toEqual([]);
  });
});

describe('limits and failures', () => {
  test('beyond RATE_LIMIT_SUPPORT_MESSAGES_PER_USER a minute → 429; another user still gets through', async () => {
    app = await supportApp({ RATE_LIMIT_SUPPORT_MESSAGES_PER_USER: '2' });
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const body = { subject: 'Again', message: 'And again.' };
    expect((await postJson(user, body)).statusCode).toBe(201);
    expect((await postJson(user, body)).statusCode).toBe(201);
    const refused = await postJson(user, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Attempt limit exceeded. Try again after a minute',
    });
    expect((await postJson(other, body)).statusCode).toBe(201);
    expect(mail.to(SUPPORT_EMAIL)).toHaveLength(3);
  });

  test('when the mail server does not take the message → 503 mail_not_sent, to try again later', async () => {
    app = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', SUPPORT_EMAIL } });
    const user = await signedInUser(app);
    const response = await postJson(user, { subject: 'Hi', message: 'Hello' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'mail_not_sent',
      message: 'We could not send the email just now. Please try again in a few minutes.',
    });
  });
});
