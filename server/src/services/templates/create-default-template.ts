// Every account has a default template from the moment it exists: createAccount calls this in the transaction
// that inserts the user.
import { DEFAULT_TEMPLATE_DESIGN, DEFAULT_TEMPLATE_NAME } from '@common/templates';

import { designValues } from './template-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export async function createDefaultTemplate(db: Kysely<Database>, userId: string): Promise<string> {
  const { id } = await db
    .insertInto('templates')
    .values({
      user_id: userId,
      created_by: userId,
      name: DEFAULT_TEMPLATE_NAME,
      is_default: true,
      ...designValues(DEFAULT_TEMPLATE_DESIGN),
      logo_key: null,
      logo_content_type: null,
      logo_size: null,
      logo_sha256: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
