// Tells an owner their own document-signing certificate ends soon: after that day the install's CA signs their
// PDFs again, in a name readers trust less, until they upload a new one.
import { longDate } from '@common/dates';
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export interface ExpiringCertificate {
  commonName: string;
  sha256Fingerprint: string;
  notAfter: Date;
}

export function certificateExpiryMail(
  to: string,
  certificate: ExpiringCertificate,
  accountUrl: string,
): MailMessage {
  const ends = longDate(certificate.notAfter.toISOString());
  const subject = `Your document-signing certificate ends on ${ends}`;
  const lines = [
    `The certificate that signs the PDFs you secure, "${certificate.commonName}", ends on ${ends}.`,
    `SHA-256 fingerprint: ${certificate.sha256Fingerprint}`,
    "From that day QR Verify signs your PDFs with its own service certificate instead, which readers do not trust as they trust your CA's, until you upload a new certificate.",
    'PDFs signed before then keep their signature.',
    'Ask your certificate authority for a renewal, then upload it under Account - Document signing:',
  ];
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(accountUrl)}" style="display: inline-block; padding: 10px 18px; background: #173f8a; color: #ffffff; text-decoration: none; border-radius: 4px;">Open Account</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: [...lines, accountUrl].join('\n\n'), html };
}
