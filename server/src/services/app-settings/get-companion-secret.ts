import { randomToken } from '../../lib/random-token';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

const KEY = 'companion_secret';

/**
 * The secret Companion signs its OAuth state and provider tokens with, when COMPANION_SECRET is not set: made once
 * and kept in the database, so restarts and every instance on the same database agree on it.
 */
export async function getCompanionSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: randomToken() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
