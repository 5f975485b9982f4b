// Tells the user who asked for 'Download my data' that the zip is ready, with its link (the token is the credential).
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export function accountExportMail(to: string, link: string, hours: number): MailMessage {
  const subject = 'Your QR Verify data is ready to download';
  const lines = [
    'The copy of your data you asked for is ready: your account, your verifications (JSON and CSV), your templates, and each original and secured document.',
    `Download it within ${hours} hours from this link:`,
    link,
    'Anyone with the link can download the file: do not forward this mail. If you did not ask for it, change your password.',
  ];
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(lines[1]!)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(lines[3]!)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: lines.join('\n\n'), html };
}
