// An SMTP capture the server under test sends to, so specs can read the mails a user would get.

import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  /** Attached files, their content read as UTF-8 text. */
  attachments: { filename: string; text: string }[];
}

export interface Mailbox {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` that matches, waiting for it to arrive. */
  waitFor(
    to: string,
    match?: (mail: CapturedMail) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMail>;
  close(): Promise<void>;
}

function addressesOf(mail: ParsedMail): string {
  const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return list.map((address) => address.text).join(', ');
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push({
            to: addressesOf(mail),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map(({ filename = '', content }) => ({
              filename,
              text: content.toString('utf8'),
            })),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(
    to: string,
    match: (mail: CapturedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = mails.find((mail) => mail.to.includes(to) && match(mail));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
