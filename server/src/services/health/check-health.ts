import { sql, type Kysely } from 'kysely';

import type { DatabaseDriver } from '../../db/open-database';
import type { Database } from '../../db/schema';
import type { MailCheck, Mailer } from '../../mail/mailer';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { ok: boolean; driver: DatabaseDriver };
  mail: MailCheck;
}

async function isDatabaseUp(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Checks the services a request may need; any one down makes the instance unavailable. */
export async function checkHealth(deps: {
  db: Kysely<Database>;
  dbDriver: DatabaseDriver;
  mailer: Mailer;
}): Promise<HealthReport> {
  const [databaseOk, mail] = await Promise.all([isDatabaseUp(deps.db), deps.mailer.check()]);
  return {
    status: databaseOk && mail.ok ? 'ok' : 'unavailable',
    database: { ok: databaseOk, driver: deps.dbDriver },
    mail,
  };
}
