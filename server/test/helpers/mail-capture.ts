// A real SMTP server on loopback that keeps every message the app sends, in order, for the auth tests.
// Give the app its URL: createTestApp({ env: { SMTP_URL: capture.smtpUrl } }).
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailCapture {
  smtpUrl: string;
  messages: CapturedMail[];
  /** Messages sent to this address, oldest first. */
  to(email: string): CapturedMail[];
  /** The six-digit code in the latest message to this address. */
  lastCode(email: string): string;
  /** Resolves once `count` messages have reached this address (the app may mail after it answers). */
  waitFor(email: string, count?: number): Promise<CapturedMail[]>;
  clear(): void;
  stop(): Promise<void>;
}

function addressOf(to: unknown): string {
  const list = Array.isArray(to) ? to : [to];
  return list
    .map((entry) => (entry as { text?: string } | undefined)?.text ?? '')
    .join(', ')
    .toLowerCase();
}

export interface MailCaptureOptions {
  /** How long the server holds each message before acknowledging it, to stand in for a slow mail provider. */
  delayMs?: number;
}

export async function startMailCapture({
  delayMs = 0,
}: MailCaptureOptions = {}): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The message is stored before the server acknowledges it, so it is there when the app's send returns.
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          messages.push({
            to: addressOf(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            replyTo: parsed.replyTo?.text ?? '',
            attachments: parsed.attachments.map(({ filename = '', contentType, content }) => ({
              filename,
              contentType,
              content,
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const to = (email: string) => messages.filter((message) => message.to === email.toLowerCase());
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    lastCode(email) {
      const latest = to(email).at(-1);
      const code = latest?.text.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`No code was mailed to ${email}`);
      return code;
    },
    async waitFor(email, count = 1) {
      const deadline = Date.now() + 5000;
      while (to(email).length < count) {
        if (Date.now() > deadline) throw new Error(`${count} messages never reached ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return to(email);
    },
    clear() {
      messages.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
