import { isUuid } from '../../lib/uuid';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The id of one of the account's own templates, or undefined for anything else, a malformed id included. */
export async function findOwnTemplateId(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const own = await db
    .selectFrom('templates')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  return own?.id;
}
