// Tells an owner their account is going: what goes, when, and that signing in before then cancels it.
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export function accountDeletionMail(to: string, deleteAfter: Date, signInUrl: string): MailMessage {
  const date = deleteAfter.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const subject = `Your QR Verify account will be deleted on ${date}`;
  const lines = [
    'You asked us to delete your QR Verify account. You have been signed out everywhere.',
    `On ${date} your verifications, their documents, your templates and your team go for good, and the public pages of your codes will say the record was withdrawn by its issuer.`,
    `Changed your mind? Sign in before then at ${signInUrl} and choose Cancel deletion.`,
  ];
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text: lines.join('\n\n'), html };
}
