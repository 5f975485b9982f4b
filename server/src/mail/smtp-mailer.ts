// Sends mail through the SMTP server named by SMTP_URL.
import nodemailer from 'nodemailer';

import type { Mailer, MailLog } from './mailer';

// Without limits a dead SMTP server would hold a request (and the health check) for minutes.
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(options: { url: string; from: string; log: MailLog }): Mailer {
  const transport = nodemailer.createTransport({ url: options.url, ...TIMEOUTS_MS });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async check() {
      try {
        await transport.verify();
        return { ok: true, transport: 'smtp' };
      } catch (error) {
        options.log.warn({ err: error }, 'SMTP server is not reachable');
        return { ok: false, transport: 'smtp' };
      }
    },
    close() {
      transport.close();
    },
  };
}
