// The mail an owner gets when the server turns one of their webhook endpoints off: which one, why, and where to
// turn it back on.
import { escapeHtml } from '@common/public-page/html';

import type { MailMessage } from './mailer';

export function webhookDisabledMail(
  to: string,
  endpoint: { url: string; reason: string },
  integrationsUrl: string,
): MailMessage {
  const subject = 'A webhook endpoint was turned off';
  const fix =
    'Once the endpoint answers again, turn it back on and send the failed deliveries again from the integrations page.';
  const text = [
    'QR Verify turned off one of your webhook endpoints, so it gets no new events:',
    '',
    endpoint.url,
    '',
    endpoint.reason,
    '',
    fix,
    integrationsUrl,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">',
    '<p>QR Verify turned off one of your webhook endpoints, so it gets no new events:</p>',
    `<p><code>${escapeHtml(endpoint.url)}</code></p>`,
    `<p>${escapeHtml(endpoint.reason)}</p>`,
    `<p>${escapeHtml(fix)}</p>`,
    `<p><a href="${escapeHtml(integrationsUrl)}" style="display: inline-block; padding: 10px 18px; background: #173f8a; color: #ffffff; text-decoration: none; border-radius: 4px;">Open integrations</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
