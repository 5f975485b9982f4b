import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { createDevMailbox, findCodes } from '../../src/mail/dev-mailbox';
import { createTempDir } from '../helpers/test-app';

let dir: string;
const log = { info: jest.fn(), warn: jest.fn() };

beforeEach(async () => {
  dir = await createTempDir();
  log.info.mockClear();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('saves each message as an .eml file in the mailbox folder', async () => {
  const mailbox = createDevMailbox({
    dir: path.join(dir, 'mail'),
    from: 'QR Verify <no-reply@qrverify.local>',
    log,
  });

  await mailbox.send({ to: 'ada@example.com', subject: 'Welcome', text: 'Hello Ada' });
  await mailbox.send({ to: 'bob@example.com', subject: 'Welcome', text: 'Hello Bob' });

  const files = (await readdir(path.join(dir, 'mail'))).sort();
  expect(files).toHaveLength(2);
  expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
  const contents = await Promise.all(
    files.map((file) => readFile(path.join(dir, 'mail', file), 'utf8')),
  );
  const ada = contents.find((content) => content.includes('To: ada@example.com'));
  expect(ada).toContain('From: QR Verify <no-reply@qrverify.local>');
  expect(ada).toContain('Subject: Welcome');
  expect(ada).toContain('Hello Ada');
});

test('logs recipient, subject and the one-time codes so a local user can sign up', async () => {
  const mailbox = createDevMailbox({ dir, from: 'no-reply@qrverify.local', log });

  await mailbox.send({
    to: 'ada@example.com',
    subject: 'Verify your email',
    text: 'Your code is 042917. It expires.',
  });

  expect(log.info).toHaveBeenCalledWith(
    expect.objectContaining({
      to: 'ada@example.com',
      subject: 'Verify your email',
      codes: ['042917'],
    }),
    expect.any(String),
  );
});

test('finds six-digit codes only, not longer numbers', () => {
  expect(findCodes('Code 123456, order 1234567, pin 9876')).toEqual(['123456']);
});

test('check reports ok when the folder is writable', async () => {
  const mailbox = createDevMailbox({
    dir: path.join(dir, 'mail'),
    from: 'no-reply@qrverify.local',
    log,
  });

  await expect(mailbox.check()).resolves.toEqual({ ok: true, transport: 'dev-mailbox' });
});

test('check reports not ok when the mailbox path is taken by a file', async () => {
  const blocked = path.join(dir, 'mail');
  await writeFile(blocked, 'not a folder');
  const mailbox = createDevMailbox({ dir: blocked, from: 'no-reply@qrverify.local', log });

  await expect(mailbox.check()).resolves.toEqual({ ok: false, transport: 'dev-mailbox' });
});

test('logs a team invitation link, whose token is not taken for a code', async () => {
  const mailbox = createDevMailbox({ dir, from: 'no-reply@qrverify.local', log });
  const link = 'http://localhost:8080/signup?invitation=ab-123456-cd_EF';

  await mailbox.send({ to: 'sam@example.com', subject: 'Join', text: `Sign up: ${link}\nThanks` });

  expect(log.info).toHaveBeenCalledWith(
    expect.objectContaining({ to: 'sam@example.com', codes: [], links: [link] }),
    expect.any(String),
  );
});
