import { sql, type Kysely } from 'kysely';

import { selectTemplateRows, type TemplateRow } from './template-rows';

import type { Database } from '../../db/schema';

/** The account's templates: the default first, then by name. */
export async function listTemplates(
  db: Kysely<Database>,
  accountId: string,
): Promise<TemplateRow[]> {
  return selectTemplateRows(db)
    .where('t.user_id', '=', accountId)
    .orderBy('t.is_default', 'desc')
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.created_at')
    .execute();
}
