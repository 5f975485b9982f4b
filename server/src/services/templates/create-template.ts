// Creates a template from the account's choices laid over the default design; it is never the default itself.
import { randomUUID } from 'node:crypto';

import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';

import { findOwnTemplate } from './find-own-template';
import { NO_LOGO, storeTemplateLogo } from './store-template-logo';
import {
  applyDesignChanges,
  checkShownRowsLabelled,
  designValues,
  type TemplateChanges,
} from './template-input';

import type { TemplateDeps } from './template-deps';
import type { TemplateRow } from './template-rows';

export async function createTemplate(
  deps: TemplateDeps,
  userId: string,
  input: TemplateChanges & { name: string },
): Promise<TemplateRow> {
  const { db, storage } = deps;
  const id = randomUUID();
  const design = applyDesignChanges(DEFAULT_TEMPLATE_DESIGN, input);
  checkShownRowsLabelled(design);
  const logo = input.logo ? await storeTemplateLogo(storage, id, input.logo) : NO_LOGO;
  try {
    await db
      .insertInto('templates')
      .values({
        id,
        user_id: userId,
        name: input.name,
        is_default: false,
        ...designValues(design),
        ...logo,
      })
      .execute();
  } catch (error) {
    if (logo.logo_key) await storage.delete(logo.logo_key).catch(() => undefined);
    throw error;
  }
  return findOwnTemplate(db, userId, id);
}
