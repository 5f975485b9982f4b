import { SMTPServer } from 'smtp-server';

import { createSmtpMailer } from '../../src/mail/smtp-mailer';

import type { AddressInfo } from 'node:net';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const log = { info: jest.fn(), warn: jest.fn() };

let server: SMTPServer;
let isServerOpen: boolean;
let received: Received[];
let url: string;

async function stopServer(): Promise<void> {
  if (!isServerOpen) return;
  isServerOpen = false;
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeEach(async () => {
  received = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  isServerOpen = true;
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterEach(stopServer);

test('delivers a message to the SMTP server with the configured sender', async () => {
  const mailer = createSmtpMailer({ url, from: 'QR Verify <no-reply@qrverify.local>', log });

  await mailer.send({
    to: 'ada@example.com',
    subject: 'Your code',
    text: 'Your code is 123456',
    html: '<p>Your code is <b>123456</b></p>',
  });
  mailer.close();

  expect(received).toHaveLength(1);
  expect(received[0].from).toBe('no-reply@qrverify.local');
  expect(received[0].to).toEqual(['ada@example.com']);
  expect(received[0].raw).toContain('Subject: Your code');
  expect(received[0].raw).toContain('Your code is 123456');
  expect(received[0].raw).toContain('text/html');
});

test('check reports ok while the SMTP server answers', async () => {
  const mailer = createSmtpMailer({ url, from: 'no-reply@qrverify.local', log });

  await expect(mailer.check()).resolves.toEqual({ ok: true, transport: 'smtp' });
  mailer.close();
});

test('check reports not ok once the SMTP server is gone', async () => {
  const mailer = createSmtpMailer({ url, from: 'no-reply@qrverify.local', log, checkMaxAgeMs: 0 });
  await expect(mailer.check()).resolves.toEqual({ ok: true, transport: 'smtp' });
  await stopServer();

  await expect(mailer.check()).resolves.toEqual({ ok: false, transport: 'smtp' });
  mailer.close();
});

test('checks made close together share one conversation with the SMTP server', async () => {
  let connections = 0;
  server.server.on('connection', () => (connections += 1));
  const mailer = createSmtpMailer({ url, from: 'no-reply@qrverify.local', log });

  const checks = await Promise.all([mailer.check(), mailer.check()]);
  await mailer.check();

  expect(checks).toEqual([
    { ok: true, transport: 'smtp' },
    { ok: true, transport: 'smtp' },
  ]);
  expect(connections).toBe(1);
  mailer.close();
});

test('sending fails loudly when the SMTP server is gone', async () => {
  const mailer = createSmtpMailer({ url, from: 'no-reply@qrverify.local', log });
  await stopServer();

  await expect(mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow();
  mailer.close();
});
