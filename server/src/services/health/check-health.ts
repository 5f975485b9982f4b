import { sql, type Kysely } from 'kysely';

import { ExpiringCache } from '../../lib/expiring-cache';

import type { DatabaseDriver } from '../../db/open-database';
import type { Database } from '../../db/schema';
import type { MailCheck, Mailer } from '../../mail/mailer';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { ok: boolean; driver: DatabaseDriver };
  mail: MailCheck;
}

interface HealthDependencies {
  db: Kysely<Database>;
  dbDriver: DatabaseDriver;
  mailer: Mailer;
}

export interface HealthCheckOptions {
  /** How long a report is reused. */
  maxAgeMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

// Load balancers and uptime checks may probe often and all at once: within this window they share one report,
// so a storm of probes costs one query, while a failure still shows this soon.
const REPORT_MAX_AGE_MS = 2_000;

async function isDatabaseUp(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

async function checkNow(deps: HealthDependencies): Promise<HealthReport> {
  const [databaseOk, mail] = await Promise.all([isDatabaseUp(deps.db), deps.mailer.check()]);
  return {
    status: databaseOk && mail.ok ? 'ok' : 'unavailable',
    database: { ok: databaseOk, driver: deps.dbDriver },
    mail,
  };
}

/** Checks the services a request may need; any one down makes the instance unavailable. */
export function createHealthCheck(
  deps: HealthDependencies,
  options: HealthCheckOptions = {},
): () => Promise<HealthReport> {
  const reports = new ExpiringCache<HealthReport>({
    load: () => checkNow(deps),
    maxEntries: 1,
    maxAgeMs: options.maxAgeMs ?? REPORT_MAX_AGE_MS,
    now: options.now,
  });
  return async () => (await reports.get('report'))!;
}
