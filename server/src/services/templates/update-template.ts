// Edits a template: its name, design and logo. The public pages of every verification using it follow at once.
import { findOwnTemplate } from './find-own-template';
import { NO_LOGO, storeTemplateLogo, type TemplateLogoColumns } from './store-template-logo';
import { templateNotFound } from './template-errors';
import {
  applyDesignChanges,
  checkShownRowsLabelled,
  designValues,
  type TemplateChanges,
} from './template-input';

import type { TemplateDeps } from './template-deps';
import type { TemplateRow } from './template-rows';

export interface UpdatedTemplate {
  row: TemplateRow;
  /** Storage keys of replaced logos that could not be removed (to log). */
  leftBehind: string[];
}

export async function updateTemplate(
  deps: TemplateDeps,
  userId: string,
  id: string,
  changes: TemplateChanges,
): Promise<UpdatedTemplate> {
  const { db, storage } = deps;
  const before = await findOwnTemplate(db, userId, id);
  // The new logo is stored before the row points at it; its key names its hash, so it never overwrites another.
  const newLogo: TemplateLogoColumns | undefined =
    changes.logo === null
      ? NO_LOGO
      : changes.logo
        ? await storeTemplateLogo(storage, before.id, changes.logo)
        : undefined;

  let oldLogoKey: string | null;
  try {
    oldLogoKey = await db.transaction().execute(async (trx) => {
      // Locked, so that concurrent edits each merge onto the other's result and each logo replaced is seen once.
      const current = await trx
        .selectFrom('templates')
        .selectAll()
        .where('id', '=', before.id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw templateNotFound();
      const design = applyDesignChanges(current, changes);
      checkShownRowsLabelled(design);
      await trx
        .updateTable('templates')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...designValues(design),
          ...newLogo,
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute();
      return current.logo_key;
    });
  } catch (error) {
    if (newLogo?.logo_key && newLogo.logo_key !== before.logo_key) {
      await storage.delete(newLogo.logo_key).catch(() => undefined);
    }
    throw error;
  }
  await deps.publicTemplates.refresh(before.id);

  const leftBehind: string[] = [];
  if (newLogo && oldLogoKey && oldLogoKey !== newLogo.logo_key) {
    await storage.delete(oldLogoKey).catch(() => leftBehind.push(oldLogoKey!));
  }
  return { row: await findOwnTemplate(db, userId, id), leftBehind };
}
