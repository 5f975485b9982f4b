// Secrets the server makes for itself at first start and keeps in app_settings, so restarts and every instance on
// the same database agree on them: Companion's (when COMPANION_SECRET is not set: it signs OAuth state and provider
// tokens) and the one daily scan-visitor keys derive from.
import { randomToken } from '../../lib/random-token';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export type GeneratedSecret = 'companion_secret' | 'scan_visitor_secret';

export async function getGeneratedSecret(
  db: Kysely<Database>,
  key: GeneratedSecret,
): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: randomToken() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
