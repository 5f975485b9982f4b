// The copied-code signal (docs/analytics.md). A genuine document is scanned by a few people; a QR code copied onto
// counterfeits is scanned by many distinct devices in a short time, or keeps being scanned after the document was
// revoked or expired. Counted over the recent raw scans, in the database, by distinct visitor keys (a phone is one
// visitor a day; link previews and crawlers, device 'bot', are left out):
// - many devices: UNUSUAL_SCAN_VISITORS or more within the last UNUSUAL_SCAN_WINDOW_MINUTES;
// - a dead code: UNUSUAL_REVOKED_SCAN_VISITORS or more, within the last 24 hours, scanning it after its revocation
//   or after its expiry date.
// A match flags the verification (unusual_since, unusual_reason with the evidence) or refreshes a flag's evidence
// and unusual_seen_at; a flag the rule has not matched for QUIET_DAYS clears, so a later match is news again.
import { sql, type Kysely } from 'kysely';

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

async function manyDevices(db: Kysely<Database>, settings: UnusualRuleSettings, now: Date) {
  const since = new Date(now.getTime() - settings.UNUSUAL_SCAN_WINDOW_MINUTES * 60_000);
  return db
    .selectFrom('verification_scans')
    .select([
      'verification_id',
      sql<number>`count(distinct visitor)::int`.as('visitors'),
      sql<Date>`min(scanned_at)`.as('first_scan'),
      sql<Date>`max(scanned_at)`.as('last_scan'),
    ])
    .where('scanned_at', '>', since)
    .where('scanned_at', '<=', now)
    .where('visitor', 'is not', null)
    .where('device', '!=', 'bot')
    .groupBy('verification_id')
    .having(sql`count(distinct visitor)`, '>=', settings.UNUSUAL_SCAN_VISITORS)
    .execute();
}

async function deadCodes(db: Kysely<Database>, settings: UnusualRuleSettings, now: Date) {
  const since = new Date(now.getTime() - DEAD_CODE_WINDOW_HOURS * 3_600_000);
  const rows = await db
    .selectFrom('verification_scans as s')
    .innerJoin('verifications as v', 'v.id', 's.verification_id')
    .select([
      's.verification_id',
      sql<number>`count(distinct s.visitor)::int`.as('visitors'),
      sql<Date>`min(s.scanned_at)`.as('first_scan'),
      sql<Date>`max(s.scanned_at)`.as('last_scan'),
      sql<boolean>`bool_or(v.revoked_at is not null)`.as('revoked'),
    ])
    .where('s.scanned_at', '>', since)
    .where('s.scanned_at', '<=', now)
    .where('s.visitor', 'is not', null)
    .where('s.device', '!=', 'bot')
    // Only dead codes' scans are read: the few revoked or expired verifications lead into the scans index.
    .where((eb) =>
      eb.or([eb('v.revoked_at', 'is not', null), eb('v.expiry_date', '<', isoDate(now))]),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb('v.revoked_at', 'is not', null),
          eb('s.scanned_at', '>=', eb.ref('v.revoked_at')),
        ]),
        // A document expires at the end of its expiry date (UTC).
        sql<boolean>`(s.scanned_at at time zone 'UTC')::date > v.expiry_date`,
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
