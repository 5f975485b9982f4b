// Reads what the public page needs of a template, for the public-template cache.
import { isTemplateId } from './template-errors';
import { selectTemplateRows, toPublicTemplate, type PublicTemplate } from './template-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export async function findPublicTemplate(
  db: Kysely<Database>,
  id: string,
): Promise<PublicTemplate | null> {
  if (!isTemplateId(id)) return null;
  const row = await selectTemplateRows(db).where('t.id', '=', id).executeTakeFirst();
  return row ? toPublicTemplate(row) : null;
}
