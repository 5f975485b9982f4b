// Edits a template: its name, design and logo. The public pages of every verification using it follow at once.
import { recordAudit } from '../team/record-audit';

import { applyDesignChanges } from './apply-design-changes';
import { findOwnTemplate } from './find-own-template';
import { NO_LOGO, storeTemplateLogo, type TemplateLogoColumns } from './store-template-logo';
import { templateNotFound } from './template-errors';
import { designValues } from './template-rows';

import type { Actor } from '../team/actor';
import type { TemplateChanges } from './template-changes';
import type { TemplateDeps } from './template-deps';
import type { TemplateRow } from './template-rows';

export interface UpdatedTemplate {
  row: TemplateRow;
  /** Storage keys of replaced logos that could not be removed (to log). */
  leftBehind: string[];
}

export async function updateTemplate(
  deps: TemplateDeps,
  actor: Actor,
  id: string,
  changes: TemplateChanges,
): Promise<UpdatedTemplate> {
  const { db, storage } = deps;
  const before = await findOwnTemplate(db, actor.accountId, id);
  // The new logo is stored before the row points at it; its key names its hash, so it never overwrites another.
  const newLogo: TemplateLogoColumns | undefined =
    changes.logo === null
      ? NO_LOGO
      : changes.logo
        ? await storeTemplateLogo(storage, before.id, changes.logo)
        : undefined;

  const saved = { type: 'template-saved', id: before.id } as const;
  let oldLogoKey: string | null;
  try {
    oldLogoKey = await db.transaction().execute(async (trx) => {
      // Locked, so that concurrent edits each merge onto the other's result and each logo replaced is seen once.
      const current = await trx
        .selectFrom('templates')
        .selectAll()
        .where('id', '=', before.id)
        .where('user_id', '=', actor.accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw templateNotFound();
      const design = applyDesignChanges(current, changes);
      await trx
        .updateTable('templates')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          // Codes already printed keep their seal (or none): only new verifications follow.
          ...(changes.seal_enabled !== undefined && { seal_enabled: changes.seal_enabled }),
          ...(changes.is_achievement !== undefined && { is_achievement: changes.is_achievement }),
          ...(changes.achievement_description !== undefined && {
            achievement_description: changes.achievement_description,
          }),
          ...(changes.achievement_criteria !== undefined && {
            achievement_criteria: changes.achievement_criteria,
          }),
          ...(changes.default_language !== undefined && {
            default_language: changes.default_language,
          }),
          ...designValues(design),
          ...newLogo,
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'template.updated',
        object: { type: 'template', id: current.id, name: changes.name ?? current.name },
      });
      await deps.publicPages.publish(trx, saved);
      return current.logo_key;
    });
  } catch (error) {
    if (newLogo?.logo_key && newLogo.logo_key !== before.logo_key) {
      await storage.delete(newLogo.logo_key).catch(() => undefined);
    }
    throw error;
  }
  await deps.publicPages.apply(saved);

  const leftBehind: string[] = [];
  if (newLogo && oldLogoKey && oldLogoKey !== newLogo.logo_key) {
    await storage.delete(oldLogoKey).catch(() => leftBehind.push(oldLogoKey!));
  }
  return { row: await findOwnTemplate(db, actor.accountId, id), leftBehind };
}
