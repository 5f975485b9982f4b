// Makes a template the account's default: the one new verifications get when they name none.
import { findOwnTemplate } from './find-own-template';
import { lockAccountTemplates } from './lock-account-templates';
import { isTemplateId, templateNotFound } from './template-errors';

import type { Database } from '../../db/schema';
import type { TemplateRow } from './template-rows';
import type { Kysely } from 'kysely';

export async function makeDefaultTemplate(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<TemplateRow> {
  if (!isTemplateId(id)) throw templateNotFound();
  await db.transaction().execute(async (trx) => {
    await lockAccountTemplates(trx, userId);
    const target = await trx
      .selectFrom('templates')
      .select(['id', 'is_default'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!target) throw templateNotFound();
    if (target.is_default) return;
    const now = new Date();
    // Two statements: a unique index is checked row by row, so the old default must be cleared first.
    await trx
      .updateTable('templates')
      .set({ is_default: false, updated_at: now })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
    await trx
      .updateTable('templates')
      .set({ is_default: true, updated_at: now })
      .where('id', '=', target.id)
      .execute();
  });
  return findOwnTemplate(db, userId, id);
}
