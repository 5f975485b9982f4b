// The team invitation mail: who invites, and the sign-up link that carries the invitation's token.
import { escapeHtml } from '@common/public-page/html';
import { INVITATION_LIFETIME_DAYS } from '@common/team';

import type { MailMessage } from './mailer';

export function invitationMail(to: string, ownerName: string, link: string): MailMessage {
  const subject = `${ownerName} invited you to their team on QR Verify`;
  const expiry = `The link works once, for ${INVITATION_LIFETIME_DAYS} days.`;
  const text = [
    `${ownerName} invited you to work on their QR Verify account.`,
    '',
    `Sign up with this email address to join: ${link}`,
    '',
    expiry,
    'If you were not expecting this, you can ignore this email: nothing happens until you sign up.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    `<p>${escapeHtml(ownerName)} invited you to work on their QR Verify account.</p>`,
    `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #173f8a; color: #ffffff; text-decoration: none; border-radius: 4px;">Join the team</a></p>`,
    `<p>Or open this link: ${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    '<p style="color: #6b7280;">If you were not expecting this, you can ignore this email: nothing happens until you sign up.</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
