import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

// Ids are Postgres integers; a longer number can name no connection.
const MAX_ID = 2 ** 31 - 1;

/** Removes the connection with this id (all digits) or name; answers its name, or undefined if none. */
export async function removeSsoConnection(
  db: Kysely<Database>,
  idOrName: string,
): Promise<string | undefined> {
  const isId = /^\d+$/.test(idOrName);
  if (isId && Number(idOrName) > MAX_ID) return undefined;
  const removed = await db
    .deleteFrom('sso_connections')
    .$if(isId, (query) => query.where('id', '=', Number(idOrName)))
    .$if(!isId, (query) => query.where('name', '=', idOrName.trim()))
    .returning('name')
    .executeTakeFirst();
  return removed?.name;
}
