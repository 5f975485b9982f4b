// Used when SMTP_URL is unset: each message becomes a .eml file, and its one-time codes and team invitation
// links go to the log, so someone running the app locally can always finish signing up.
import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { lazyTransport } from './nodemailer-transport';

import type { MailMessage, Mailer, MailLog } from './mailer';

const SIX_DIGIT_CODE = /\b\d{6}\b/g;
const INVITATION_LINK = /\bhttps?:\/\/\S+?\/signup\?invitation=[\w-]+/g;

function messageFileName(): string {
  const timestamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${timestamp}-${randomBytes(4).toString('hex')}.eml`;
}

export function findInvitationLinks(text: string): string[] {
  return text.match(INVITATION_LINK) ?? [];
}

/** The six-digit codes in a text, not counting digits inside an invitation link's token. */
export function findCodes(text: string): string[] {
  return text.replace(INVITATION_LINK, '').match(SIX_DIGIT_CODE) ?? [];
}

export function createDevMailbox(options: { dir: string; from: string; log: MailLog }): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );

  async function save(message: MailMessage): Promise<string> {
    const info = await (await transport.get()).sendMail({ from: options.from, ...message });
    await mkdir(options.dir, { recursive: true });
    const file = path.join(options.dir, messageFileName());
    await writeFile(file, info.message as Buffer);
    return file;
  }

  return {
    async send(message) {
      const file = await save(message);
      const codes = findCodes(message.text);
      const links = findInvitationLinks(message.text);
      options.log.info(
        {
          to: message.to,
          subject: message.subject,
          codes,
          ...(links.length > 0 && { links }),
          file,
        },
        'Dev mailbox saved a message',
      );
    },
    async check() {
      try {
        await mkdir(options.dir, { recursive: true });
        await access(options.dir, constants.W_OK);
        return { ok: true, transport: 'dev-mailbox' };
      } catch (error) {
        options.log.warn({ err: error }, 'Dev mailbox folder is not writable');
        return { ok: false, transport: 'dev-mailbox' };
      }
    },
    close() {
      transport.close();
    },
  };
}
