// `verification.scanned`: at most one event a minute per verification. The scan recorder hands over the
// verifications of each batch of views it has written (one query per batch, whatever its size, finds those whose
// account listens); each of those gets a job on SCAN_EVENT_QUEUE, one queued per verification, starting when its minute is up. The
// job sends the event with the verification as it is then, so views during the minute reach the receiver in the
// next event's scan_count and last_scanned_at.
import { sql } from 'kysely';

import { SCAN_EVENT_INTERVAL_SECONDS, SCAN_EVENT_QUEUE, type WebhookDeps } from './webhook-deps';

const INTERVAL_MS = SCAN_EVENT_INTERVAL_SECONDS * 1000;

function secondsUntilDue(sentAt: Date | null): number {
  if (!sentAt) return 0;
  return Math.max(0, Math.ceil((sentAt.getTime() + INTERVAL_MS - Date.now()) / 1000));
}

/** Plans a `verification.scanned` event for each scanned verification whose account has an endpoint for it. */
export async function planScanEvents(
  { db, queue }: Pick<WebhookDeps, 'db' | 'queue'>,
  scannedIds: string[],
): Promise<void> {
  const ids = [...new Set(scannedIds)];
  if (ids.length === 0) return;
  const due = await db
    .selectFrom('verifications as v')
    .leftJoin('webhook_scan_events as s', 's.verification_id', 'v.id')
    .select(['v.id', 's.sent_at'])
    .where('v.id', 'in', ids)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_endpoints as e')
          .select('e.id')
          .whereRef('e.account_id', '=', 'v.user_id')
          .where('e.enabled', '=', true)
          .where(sql<boolean>`e.events @> '["verification.scanned"]'::jsonb`),
      ),
    )
    .execute();
  for (const row of due) {
    // One queued job per verification: while one waits for its minute, more views add nothing.
    await queue.send(
      SCAN_EVENT_QUEUE,
      { id: row.id },
      { singletonKey: row.id, startAfterSeconds: secondsUntilDue(row.sent_at) },
    );
  }
}

/**
 * Claims the verification's minute and sends its event; answers the seconds to wait instead when an event went out
 * less than a minute ago (two jobs of one verification can overlap: one running, one queued).
 */
export async function claimScanEvent(
  db: WebhookDeps['db'],
  verificationId: string,
): Promise<{ claimed: true } | { claimed: false; retryIn: number }> {
  const now = new Date();
  const claimed = await db
    .insertInto('webhook_scan_events')
    .values({ verification_id: verificationId, sent_at: now })
    .onConflict((conflict) =>
      conflict
        .column('verification_id')
        .doUpdateSet({ sent_at: now })
        .where('webhook_scan_events.sent_at', '<=', new Date(now.getTime() - INTERVAL_MS)),
    )
    .returning('verification_id')
    .executeTakeFirst();
  if (claimed) return { claimed: true };
  const row = await db
    .selectFrom('webhook_scan_events')
    .select('sent_at')
    .where('verification_id', '=', verificationId)
    .executeTakeFirst();
  return { claimed: false, retryIn: Math.max(1, secondsUntilDue(row?.sent_at ?? null)) };
}
