// The one-time code mail. The code is in the subject and the text, where the dev mailbox log and the
// e2e mail capture read it; nothing else in the mail may look like a six-digit number.
import { OTP_LIFETIME_MINUTES } from '@common/auth';
import { escapeHtml } from '@common/public-page/html';

import type { OtpPurpose } from '../db/schema';
import type { MailMessage } from './mailer';

const WHAT_IT_IS_FOR: Record<OtpPurpose, string> = {
  email_verification: 'verify your email address',
  'forget-password': 'reset your password',
  email_change: 'confirm this as your new email address',
};

export function otpMail(to: string, code: string, purpose: OtpPurpose): MailMessage {
  const purposeText = WHAT_IT_IS_FOR[purpose];
  const text = [
    `Your QR Verify code is ${code}`,
    '',
    `Enter it to ${purposeText}. It expires in ${OTP_LIFETIME_MINUTES} minutes.`,
    "If you did not ask for this code, you can ignore this email: nothing changes until it's entered.",
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    '<p>Your QR Verify code is</p>',
    `<p style="font-size: 28px; font-weight: bold; letter-spacing: 4px;">${escapeHtml(code)}</p>`,
    `<p>Enter it to ${escapeHtml(purposeText)}. It expires in ${OTP_LIFETIME_MINUTES} minutes.</p>`,
    '<p style="color: #6b7280;">If you did not ask for this code, you can ignore this email: nothing changes until it\'s entered.</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: `Your QR Verify code: ${code}`, text, html };
}
