// Copies a template, logo included, as a new template that is not the default.
import { randomUUID } from 'node:crypto';

import { TEMPLATE_LIMITS } from '@common/templates';

import { findOwnTemplate } from './find-own-template';
import { NO_LOGO, storeTemplateLogo } from './store-template-logo';
import { designValues } from './template-input';

import type { TemplateDeps } from './template-deps';
import type { TemplateRow } from './template-rows';

export async function duplicateTemplate(
  deps: TemplateDeps,
  userId: string,
  id: string,
): Promise<TemplateRow> {
  const { db, storage } = deps;
  const source = await findOwnTemplate(db, userId, id);
  const copyId = randomUUID();
  const logo =
    source.logo_key && source.logo_content_type
      ? await storeTemplateLogo(storage, copyId, {
          data: await storage.get(source.logo_key),
          content_type: source.logo_content_type,
        })
      : NO_LOGO;
  try {
    await db
      .insertInto('templates')
      .values({
        id: copyId,
        user_id: userId,
        name: `Copy of ${source.name}`.slice(0, TEMPLATE_LIMITS.name).trimEnd(),
        is_default: false,
        ...designValues(source),
        ...logo,
      })
      .execute();
  } catch (error) {
    if (logo.logo_key) await storage.delete(logo.logo_key).catch(() => undefined);
    throw error;
  }
  return findOwnTemplate(db, userId, copyId);
}
