// Reads what the public page needs of a template, for the public-page cache.
import { isUuid } from '../../lib/uuid';
import {
  selectTemplateRows,
  toPublicTemplate,
  type PublicTemplate,
} from '../templates/template-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export async function loadPublicTemplate(
  db: Kysely<Database>,
  id: string,
): Promise<PublicTemplate | null> {
  if (!isUuid(id)) return null;
  const row = await selectTemplateRows(db).where('t.id', '=', id).executeTakeFirst();
  return row ? toPublicTemplate(row) : null;
}
