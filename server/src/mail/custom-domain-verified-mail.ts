// Tells the account's owner their custom domain is verified: new QR codes now carry it, printed ones keep theirs.
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export function customDomainVerifiedMail(to: string, domain: string, origin: string): MailMessage {
  const subject = `${domain} is verified for your QR Verify pages`;
  const lines = [
    `Your custom domain ${domain} is verified: the DNS record proving it is yours was found.`,
    `The QR codes you secure from now on open their page on ${origin}.`,
    'Codes you printed before keep the address they were printed with, and keep working.',
    'If you did not set this up, remove the domain in Settings - Custom Domain and tell us.',
  ];
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text: lines.join('\n\n'), html };
}
