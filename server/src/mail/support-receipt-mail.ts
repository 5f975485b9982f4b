// The user's copy of a support message they sent: proof it arrived, where the answer will come, and what they wrote.
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export interface SupportReceipt {
  id: string;
  subject: string;
  message: string;
  attachmentName?: string;
}

export function supportReceiptMail(to: string, receipt: SupportReceipt): MailMessage {
  const intro = `We received your message and will reply to ${to}.`;
  const reference = `Reference: ${receipt.id}`;
  const attachment = receipt.attachmentName ? `Attachment: ${receipt.attachmentName}` : null;
  const text = [
    intro,
    '',
    reference,
    `Subject: ${receipt.subject}`,
    ...(attachment ? [attachment] : []),
    '',
    receipt.message,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p style="color: #6b7280;">${escapeHtml(reference)}<br>Subject: ${escapeHtml(receipt.subject)}${
      attachment ? `<br>${escapeHtml(attachment)}` : ''
    }</p>`,
    `<blockquote style="margin: 0; padding-left: 12px; border-left: 3px solid #d1d5db; white-space: pre-wrap;">${escapeHtml(receipt.message)}</blockquote>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: `We received your message: ${receipt.subject}`, text, html };
}
