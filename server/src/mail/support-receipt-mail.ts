// The user's copy of a support message they sent: proof it arrived, where the answer will come, and what they wrote.
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export interface SupportReceipt {
  id: string;
  subject: string;
  message: string;
  attachmentName?: string;
  /** Whether the app's diagnostic state went along. */
  hasDiagnostic?: boolean;
}

export function supportReceiptMail(to: string, receipt: SupportReceipt): MailMessage {
  const intro = `We received your message and will reply to ${to}.`;
  const reference = `Reference: ${receipt.id}`;
  const facts = [
    reference,
    `Subject: ${receipt.subject}`,
    ...(receipt.attachmentName ? [`Attachment: ${receipt.attachmentName}`] : []),
    ...(receipt.hasDiagnostic ? ['Diagnostic state: attached'] : []),
  ];
  const text = [intro, '', ...facts, '', receipt.message].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p style="color: #6b7280;">${facts.map(escapeHtml).join('<br>')}</p>`,
    `<blockquote style="margin: 0; padding-left: 12px; border-left: 3px solid #d1d5db; white-space: pre-wrap;">${escapeHtml(receipt.message)}</blockquote>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: `We received your message: ${receipt.subject}`, text, html };
}
