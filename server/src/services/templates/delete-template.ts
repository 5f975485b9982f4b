// Deletes a template and its logo. The default template cannot go, and one in use only with a replacement: its
// verifications move to that template in the same transaction.
import { lockAccountTemplates } from './lock-account-templates';
import {
  isTemplateId,
  templateFieldError,
  templateInUse,
  templateIsDefault,
  templateNotFound,
} from './template-errors';

import type { TemplateDeps } from './template-deps';

export const CHOOSE_REPLACEMENT = 'Choose another of your templates.';

/** Deletes the template; answers the storage keys of files that could not be removed (to log). */
export async function deleteTemplate(
  deps: TemplateDeps,
  userId: string,
  id: string,
  replacementId?: string,
): Promise<string[]> {
  if (!isTemplateId(id)) throw templateNotFound();
  const { logoKey, movedCodes } = await deps.db.transaction().execute(async (trx) => {
    await lockAccountTemplates(trx, userId);
    const template = await trx
      .selectFrom('templates')
      .select(['id', 'is_default', 'logo_key'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!template) throw templateNotFound();
    if (template.is_default) throw templateIsDefault();

    let replacement: { id: string } | undefined;
    if (replacementId !== undefined) {
      replacement =
        isTemplateId(replacementId) && replacementId.toLowerCase() !== template.id
          ? await trx
              .selectFrom('templates')
              .select('id')
              .where('id', '=', replacementId)
              .where('user_id', '=', userId)
              .executeTakeFirst()
          : undefined;
      if (!replacement) throw templateFieldError('replacement_id', CHOOSE_REPLACEMENT);
    }

    let moved: Array<{ code: string }> = [];
    if (replacement) {
      moved = await trx
        .updateTable('verifications')
        .set({ template_id: replacement.id })
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
    return { logoKey: template.logo_key, movedCodes: moved.map((row) => row.code) };
  });

  deps.publicTemplates.delete(id.toLowerCase());
  // Read again on their next view, with their new template: cheaper than reloading them all now.
  for (const code of movedCodes) deps.publicRecords.forget(code);
  if (!logoKey) return [];
  // The row goes first: a logo left behind by a failure here is harmless, a row without its logo is not.
  try {
    await deps.storage.delete(logoKey);
    return [];
  } catch {
    return [logoKey];
  }
}
