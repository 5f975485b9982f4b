import { isUuid } from '../../lib/uuid';

import { templateNotFound } from './template-errors';
import { selectTemplateRows, type TemplateRow } from './template-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * The account's own template with this id. Another account's template and a malformed id both answer the same
 * 404, so ids of other accounts cannot be probed.
 */
export async function findOwnTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<TemplateRow> {
  if (!isUuid(id)) throw templateNotFound();
  const row = await selectTemplateRows(db)
    .where('t.id', '=', id)
    .where('t.user_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw templateNotFound();
  return row;
}
