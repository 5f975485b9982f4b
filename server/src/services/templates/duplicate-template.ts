// Copies a template, logo included, as a new template that is not the default.
import { randomUUID } from 'node:crypto';

import { TEMPLATE_LIMITS } from '@common/templates';

import { recordAudit } from '../team/record-audit';

import { findOwnTemplate } from './find-own-template';
import { NO_LOGO, storeTemplateLogo } from './store-template-logo';
import { designValues, type TemplateRow } from './template-rows';

import type { Actor } from '../team/actor';
import type { TemplateDeps } from './template-deps';

export async function duplicateTemplate(
  deps: TemplateDeps,
  actor: Actor,
  id: string,
): Promise<TemplateRow> {
  const { db, storage } = deps;
  const source = await findOwnTemplate(db, actor.accountId, id);
  const copyId = randomUUID();
  const name = `Copy of ${source.name}`.slice(0, TEMPLATE_LIMITS.name).trimEnd();
  const logo =
    source.logo_key && source.logo_content_type
      ? await storeTemplateLogo(storage, copyId, {
          data: await storage.get(source.logo_key),
          content_type: source.logo_content_type,
        })
      : NO_LOGO;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('templates')
        .values({
          id: copyId,
          user_id: actor.accountId,
          created_by: actor.id,
          name,
          is_default: false,
          ...designValues(source),
          seal_enabled: source.seal_enabled,
          is_achievement: source.is_achievement,
          achievement_description: source.achievement_description,
          achievement_criteria: source.achievement_criteria,
          default_language: source.default_language,
          ...logo,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: 'template.created',
        object: { type: 'template', id: copyId, name },
      });
    });
  } catch (error) {
    if (logo.logo_key) await storage.delete(logo.logo_key).catch(() => undefined);
    throw error;
  }
  return findOwnTemplate(db, actor.accountId, copyId);
}
