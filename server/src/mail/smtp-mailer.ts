// Sends mail through the SMTP server named by SMTP_URL.
import { ExpiringCache } from '../lib/expiring-cache';

import { lazyTransport } from './nodemailer-transport';

import type { MailCheck, Mailer, MailLog } from './mailer';

// Without limits a dead SMTP server would hold a request (and the health check) for minutes.
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
// The health check asks on every call (load balancers, uptime checks, anyone): a conversation with the SMTP server
// each time took ~100 ms and would let callers make the app hammer it. Its answer is remembered this long.
const CHECK_MAX_AGE_MS = 30_000;

export interface SmtpMailerOptions {
  url: string;
  from: string;
  log: MailLog;
  /** How long a check's answer is reused (tests set 0). */
  checkMaxAgeMs?: number;
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ url: options.url, ...TIMEOUTS_MS }),
  );
  const checks = new ExpiringCache<MailCheck>({
    load: () => verify(),
    maxEntries: 1,
    maxAgeMs: options.checkMaxAgeMs ?? CHECK_MAX_AGE_MS,
  });

  async function verify(): Promise<MailCheck> {
    try {
      await (await transport.get()).verify();
      return { ok: true, transport: 'smtp' };
    } catch (error) {
      options.log.warn({ err: error }, 'SMTP server is not reachable');
      return { ok: false, transport: 'smtp' };
    }
  }

  return {
    async send(message) {
      await (await transport.get()).sendMail({ from: options.from, ...message });
    },
    async check() {
      return (await checks.get('smtp'))!;
    },
    close() {
      transport.close();
    },
  };
}
