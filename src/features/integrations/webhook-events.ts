// How the screen explains webhook events and names delivery states.
import type { WebhookDeliveryStatus, WebhookEvent } from '@common/integrations-schemas';

/** One line per event: when it is sent. */
export const EVENT_EXPLANATIONS: Record<WebhookEvent, string> = {
  'verification.created':
    'A verification was created: on this site, through the API or by a bulk operation.',
  'verification.updated': 'A verification’s details, dates or template changed.',
  'verification.revoked':
    'A verification was revoked: its public page now says it is no longer valid.',
  'verification.deleted': 'A verification was deleted and its public page is gone.',
  'verification.scanned':
    'Someone opened a verification’s public page (at most one event a minute per verification).',
  'verification.unusual_activity':
    'A verification’s code shows unusual activity (many different devices in a short time, or scans of a revoked or expired code): it may have been copied. Sent once per flag.',
  'bulk_operation.completed': 'A bulk operation finished securing its rows.',
};

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  retrying: 'Retrying',
  failed: 'Failed',
};

/** How often an open deliveries table asks again, so retries and tests show as they happen. */
export const DELIVERIES_POLL_INTERVAL_MS = 5000;

/** '240 ms', '1.5 s'; '—' when no attempt was timed. */
export function formatDuration(durationMs: number | null): string {
  if (durationMs === null) return '—';
  if (durationMs < 1000) return `${Math.round(durationMs)} ms`;
  return `${(durationMs / 1000).toFixed(1)} s`;
}
