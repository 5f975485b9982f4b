// Provides app.mailer: SMTP when SMTP_URL is set, otherwise the dev mailbox under DATA_DIR/mail.
import path from 'node:path';

import fp from 'fastify-plugin';

import { createDevMailbox } from '../mail/dev-mailbox';
import { createSmtpMailer } from '../mail/smtp-mailer';

import type { Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const { SMTP_URL, MAIL_FROM, DATA_DIR } = app.config;
    const mailer = SMTP_URL
      ? createSmtpMailer({ url: SMTP_URL, from: MAIL_FROM, log: app.log })
      : createDevMailbox({ dir: path.join(DATA_DIR, 'mail'), from: MAIL_FROM, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['config'] },
);
