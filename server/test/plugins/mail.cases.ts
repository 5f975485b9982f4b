import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { SMTPServer } from 'smtp-server';

import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

let app: FastifyInstance;

afterEach(async () => {
  await app.close();
});

test('without SMTP_URL, mail lands in the dev mailbox under DATA_DIR/mail', async () => {
  app = await createTestApp();
  await app.ready();

  await app.mailer.send({
    to: 'ada@example.com',
    subject: 'Your code',
    text: 'Your code is 123456',
  });

  expect(await readdir(path.join(app.config.DATA_DIR, 'mail'))).toEqual([
    expect.stringMatching(/\.eml$/),
  ]);
});

test('with SMTP_URL, mail goes to that SMTP server', async () => {
  const recipients: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        recipients.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  app = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
  });
  await app.ready();

  await app.mailer.send({
    to: 'ada@example.com',
    subject: 'Your code',
    text: 'Your code is 123456',
  });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));

  expect(recipients).toEqual(['ada@example.com']);
});
