// Deletes a template and its logo. The default template cannot go, and one in use only with a replacement: its
// verifications move to that template in the same transaction.
import { fieldError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { recordAudit } from '../team/record-audit';

import { findOwnTemplateId } from './find-own-template-id';
import { lockAccountTemplates } from './lock-account-templates';
import { templateInUse, templateIsDefault, templateNotFound } from './template-errors';

import type { Actor } from '../team/actor';
import type { TemplateDeps } from './template-deps';

export const CHOOSE_REPLACEMENT = 'Choose another of your templates.';

/** Deletes the template; answers the storage keys of files that could not be removed (to log). */
export async function deleteTemplate(
  deps: TemplateDeps,
  actor: Actor,
  id: string,
  replacementId?: string,
): Promise<string[]> {
  if (!isUuid(id)) throw templateNotFound();
  const { logoKey, change } = await deps.db.transaction().execute(async (trx) => {
    await lockAccountTemplates(trx, actor.accountId);
    const template = await trx
      .selectFrom('templates')
      .select(['id', 'name', 'is_default', 'logo_key'])
      .where('id', '=', id)
      .where('user_id', '=', actor.accountId)
      .executeTakeFirst();
    if (!template) throw templateNotFound();
    if (template.is_default) throw templateIsDefault();

    let replacement: string | undefined;
    if (replacementId !== undefined) {
      replacement =
        replacementId.toLowerCase() !== template.id
          ? await findOwnTemplateId(trx, actor.accountId, replacementId)
          : undefined;
      if (!replacement) throw fieldError('replacement_id', CHOOSE_REPLACEMENT);
    }

    let moved: Array<{ code: string }> = [];
    if (replacement) {
      moved = await trx
        .updateTable('verifications')
        .set({ template_id: replacement })
        .where('template_id', '=', template.id)
        .returning('code')
        .execute();
    } else {
      const { count } = await trx
        .selectFrom('verifications')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('template_id', '=', template.id)
        .executeTakeFirstOrThrow();
      if (Number(count) > 0) throw templateInUse(Number(count));
    }
    await trx.deleteFrom('templates').where('id', '=', template.id).execute();
    await recordAudit(trx, actor, {
      action: 'template.deleted',
      object: { type: 'template', id: template.id, name: template.name },
    });
    const deleted = {
      type: 'template-deleted',
      id: template.id,
      movedCodes: moved.map((row) => row.code),
    } as const;
    await deps.publicPages.publish(trx, deleted);
    return { logoKey: template.logo_key, change: deleted };
  });

  await deps.publicPages.apply(change);
  if (!logoKey) return [];
  // The row goes first: a logo left behind by a failure here is harmless, a row without its logo is not.
  try {
    await deps.storage.delete(logoKey);
    return [];
  } catch {
    return [logoKey];
  }
}
