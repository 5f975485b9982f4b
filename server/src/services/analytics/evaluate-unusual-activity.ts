// The copied-code signal (docs/analytics.md). A genuine document is scanned by a few people; a QR code copied onto
// counterfeits is scanned by many distinct devices in a short time, or keeps being scanned after the document was
// revoked or expired. Counted over the days' visitor sets the scan tallies write (scan_visitors: each visitor key
// with its first and last view of the day; a phone is one visitor a day; link previews and crawlers are left out),
// so every instance's views count, each visitor once:
// - many devices: UNUSUAL_SCAN_VISITORS or more within the last UNUSUAL_SCAN_WINDOW_MINUTES;
// - a dead code: UNUSUAL_REVOKED_SCAN_VISITORS or more, within the last 24 hours, scanning it after its revocation
//   or after its expiry date.
// A match flags the verification (unusual_since, unusual_reason with the evidence) or refreshes a flag's evidence
// and unusual_seen_at; a flag the rule has not matched for QUIET_DAYS clears, so a later match is news again.
import { sql, type Kysely, type RawBuilder } from 'kysely';

import { isoDate } from '@common/verifications';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';

export const QUIET_DAYS = 7;
const DEAD_CODE_WINDOW_HOURS = 24;

export type UnusualRuleSettings = Pick<
  Config,
  'UNUSUAL_SCAN_VISITORS' | 'UNUSUAL_SCAN_WINDOW_MINUTES' | 'UNUSUAL_REVOKED_SCAN_VISITORS'
>;

interface Match {
  verification_id: string;
  visitors: number;
  first_scan: Date;
  last_scan: Date;
  /** For a dead code: why it is dead. */
  dead?: 'revoked' | 'expired';
}

function hourMinute(date: Date): string {
  return date.toISOString().slice(11, 16);
}

/** When the scans happened, in UTC: 'between 14:02 and 14:50 UTC on 2026-11-25', both days named when they differ. */
function between(first: Date, last: Date): string {
  const [firstDay, lastDay] = [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
  if (firstDay === lastDay) {
    const [from, to] = [hourMinute(first), hourMinute(last)];
    return from === to
      ? `at ${from} UTC on ${firstDay}`
      : `between ${from} and ${to} UTC on ${firstDay}`;
  }
  return `between ${firstDay} ${hourMinute(first)} and ${lastDay} ${hourMinute(last)} UTC`;
}

/** The evidence, as the dashboard, the drawer, the mail and the webhook show it. */
export function unusualReason(match: Match): string {
  const what = match.dead ? `this ${match.dead} code` : 'this code';
  return `${match.visitors} different devices scanned ${what} ${between(match.first_scan, match.last_scan)}.`;
}

/**
 * When a visitor's views in the window began: its first view of the day when that falls in the window, else its
 * last (a view in the window for certain), so the evidence names only views the rule counted.
 */
function firstInWindow(windowStart: RawBuilder<Date>) {
  return sql<Date>`min(case when s.first_seen > ${windowStart} then s.first_seen else s.last_seen end)`;
}

async function manyDevices(db: Kysely<Database>, settings: UnusualRuleSettings, now: Date) {
  const since = new Date(now.getTime() - settings.UNUSUAL_SCAN_WINDOW_MINUTES * 60_000);
  return db
    .selectFrom('scan_visitors as s')
    .select([
      's.verification_id',
      sql<number>`count(distinct s.visitor)::int`.as('visitors'),
      firstInWindow(sql`${since}::timestamptz`).as('first_scan'),
      sql<Date>`max(s.last_seen)`.as('last_scan'),
    ])
    .where('s.last_seen', '>', since)
    .where('s.last_seen', '<=', now)
    .where('s.is_bot', '=', false)
    .groupBy('s.verification_id')
    .having(sql`count(distinct s.visitor)`, '>=', settings.UNUSUAL_SCAN_VISITORS)
    .execute();
}

async function deadCodes(db: Kysely<Database>, settings: UnusualRuleSettings, now: Date) {
  const since = new Date(now.getTime() - DEAD_CODE_WINDOW_HOURS * 3_600_000);
  const rows = await db
    .selectFrom('scan_visitors as s')
    .innerJoin('verifications as v', 'v.id', 's.verification_id')
    .select([
      's.verification_id',
      sql<number>`count(distinct s.visitor)::int`.as('visitors'),
      // A revoked code's window starts at its revocation when that is later.
      firstInWindow(sql`greatest(${since}::timestamptz, v.revoked_at)`).as('first_scan'),
      sql<Date>`max(s.last_seen)`.as('last_scan'),
      sql<boolean>`bool_or(v.revoked_at is not null)`.as('revoked'),
    ])
    .where('s.last_seen', '>', since)
    .where('s.last_seen', '<=', now)
    .where('s.is_bot', '=', false)
    // Only dead codes' visitors are read: the few revoked or expired verifications lead into the visitor sets.
    .where((eb) =>
      eb.or([eb('v.revoked_at', 'is not', null), eb('v.expiry_date', '<', isoDate(now))]),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb('v.revoked_at', 'is not', null),
          eb('s.last_seen', '>=', eb.ref('v.revoked_at')),
        ]),
        // A document expires at the end of its expiry date (UTC).
        eb('s.day', '>', eb.ref('v.expiry_date')),
      ]),
    )
    .groupBy('s.verification_id')
    .having(sql`count(distinct s.visitor)`, '>=', settings.UNUSUAL_REVOKED_SCAN_VISITORS)
    .execute();
  return rows.map(({ revoked, ...row }): Match => ({
    ...row,
    dead: revoked ? 'revoked' : 'expired',
  }));
}

/** Flags what the rule matches now; answers the verifications flagged whose owner has not been told yet. */
export async function evaluateUnusualActivity(
  db: Kysely<Database>,
  settings: UnusualRuleSettings,
  now = new Date(),
): Promise<{ id: string; accountId: string }[]> {
  const matches = new Map<string, Match>();
  // When both rules match a code, the many devices' evidence is kept (it is set last).
  for (const match of [
    ...(await deadCodes(db, settings, now)),
    ...(await manyDevices(db, settings, now)),
  ]) {
    matches.set(match.verification_id, match);
  }
  for (const match of matches.values()) {
    await db
      .updateTable('verifications')
      .set((eb) => ({
        unusual_since: eb.fn.coalesce('unusual_since', sql<Date>`${now}`),
        unusual_reason: unusualReason(match),
        unusual_seen_at: now,
      }))
      .where('id', '=', match.verification_id)
      .execute();
  }
  await db
    .updateTable('verifications')
    .set({
      unusual_since: null,
      unusual_reason: null,
      unusual_seen_at: null,
      unusual_notified_at: null,
    })
    .where('unusual_since', 'is not', null)
    .where('unusual_seen_at', '<', new Date(now.getTime() - QUIET_DAYS * 86_400_000))
    .execute();
  const unnotified = await db
    .selectFrom('verifications')
    .select(['id', 'user_id'])
    .where('unusual_since', 'is not', null)
    .where('unusual_notified_at', 'is', null)
    .execute();
  return unnotified.map((row) => ({ id: row.id, accountId: row.user_id }));
}
