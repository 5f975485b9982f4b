// Tells the account's owner that one of their codes shows unusual activity (the copied-code signal, sent once per
// flag): which document, the evidence, what it may mean and what to do.
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export function unusualActivityMail(
  to: string,
  verification: { title: string; holder_name: string; code: string; reason: string },
  dashboardUrl: string,
): MailMessage {
  const subject = `Unusual activity on the QR code of ${verification.title}`;
  const lines = [
    `The QR code of "${verification.title}" (${verification.holder_name}, code ${verification.code}) shows unusual activity:`,
    verification.reason,
    'A genuine document is usually scanned by a few people. Many different devices in a short time, or scans of a revoked or expired code, can mean the code was copied onto other documents.',
    'Check the scans on your dashboard. If the code was copied, revoke the verification: its page then tells everyone who scans it.',
  ];
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(dashboardUrl)}">Open the dashboard</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: [...lines, dashboardUrl].join('\n\n'), html };
}
