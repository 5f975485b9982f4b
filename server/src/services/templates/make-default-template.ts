// Makes a template the account's default: the one new verifications get when they name none.
import { isUuid } from '../../lib/uuid';
import { recordAudit } from '../team/record-audit';

import { findOwnTemplate } from './find-own-template';
import { lockAccountTemplates } from './lock-account-templates';
import { templateNotFound } from './template-errors';

import type { Database } from '../../db/schema';
import type { Actor } from '../team/actor';
import type { TemplateRow } from './template-rows';
import type { Kysely } from 'kysely';

export async function makeDefaultTemplate(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
): Promise<TemplateRow> {
  if (!isUuid(id)) throw templateNotFound();
  await db.transaction().execute(async (trx) => {
    await lockAccountTemplates(trx, actor.accountId);
    const target = await trx
      .selectFrom('templates')
      .select(['id', 'name', 'is_default'])
      .where('id', '=', id)
      .where('user_id', '=', actor.accountId)
      .executeTakeFirst();
    if (!target) throw templateNotFound();
    if (target.is_default) return;
    const now = new Date();
    // Two statements: a unique index is checked row by row, so the old default must be cleared first.
    await trx
      .updateTable('templates')
      .set({ is_default: false, updated_at: now })
      .where('user_id', '=', actor.accountId)
      .where('is_default', '=', true)
      .execute();
    await trx
      .updateTable('templates')
      .set({ is_default: true, updated_at: now })
      .where('id', '=', target.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'template.made_default',
      object: { type: 'template', id: target.id, name: target.name },
    });
  });
  return findOwnTemplate(db, actor.accountId, id);
}
