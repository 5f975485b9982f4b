// A user's support message as the support team gets it: who wrote (replies go straight to them), for which account
// and plan, the message, and the attachment if they sent one.
import { escapeHtml } from '@common/public-page/html';

import type { MailAttachment, MailFile, MailMessage } from './mailer';

export interface SupportRequest {
  /** The reference the user's copy quotes too. */
  id: string;
  subject: string;
  message: string;
  sender: { email: string; name: string };
  /** The account's owner: the sender themselves, or the owner a shared user works for. */
  accountEmail: string;
  plan: string;
  attachment?: MailFile & { size: string };
  /** The app's diagnostic state (JSON), sent along as a file. */
  diagnostic?: string;
}

/** The diagnostic state's file name in the mail. */
export const DIAGNOSTIC_FILE_NAME = 'diagnostic-state.json';

function attachmentsOf(request: SupportRequest): MailAttachment[] {
  return [
    ...(request.attachment
      ? [
          {
            filename: request.attachment.filename,
            path: request.attachment.path,
            contentType: request.attachment.contentType,
          },
        ]
      : []),
    ...(request.diagnostic === undefined
      ? []
      : [
          {
            filename: DIAGNOSTIC_FILE_NAME,
            content: request.diagnostic,
            contentType: 'application/json',
          },
        ]),
  ];
}

export function supportRequestMail(to: string, request: SupportRequest): MailMessage {
  const facts: [string, string][] = [
    ['From', `${request.sender.name} <${request.sender.email}>`],
    ['Account', request.accountEmail],
    ['Plan', request.plan],
    ['Reference', request.id],
    [
      'Attachment',
      request.attachment ? `${request.attachment.filename} (${request.attachment.size})` : 'none',
    ],
    ['Diagnostic state', request.diagnostic === undefined ? 'none' : DIAGNOSTIC_FILE_NAME],
  ];
  const text = [...facts.map(([label, value]) => `${label}: ${value}`), '', request.message].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    '<table style="border-collapse: collapse; margin-bottom: 16px;">',
    ...facts.map(
      ([label, value]) =>
        `<tr><th style="text-align: left; padding: 2px 12px 2px 0; color: #6b7280;">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p style="white-space: pre-wrap;">${escapeHtml(request.message)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to,
    replyTo: request.sender.email,
    subject: `[Support] ${request.subject}`,
    text,
    html,
    attachments: attachmentsOf(request),
  };
}
