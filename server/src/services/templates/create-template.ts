// Creates a template from the account's choices laid over the default design; it is never the default itself.
import { randomUUID } from 'node:crypto';

import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';

import { recordAudit } from '../team/record-audit';

import { applyDesignChanges } from './apply-design-changes';
import { findOwnTemplate } from './find-own-template';
import { NO_LOGO, storeTemplateLogo } from './store-template-logo';
import { designValues } from './template-rows';

import type { Actor } from '../team/actor';
import type { TemplateChanges } from './template-changes';
import type { TemplateDeps } from './template-deps';
import type { TemplateRow } from './template-rows';

export async function createTemplate(
  deps: TemplateDeps,
  actor: Actor,
  input: TemplateChanges & { name: string },
): Promise<TemplateRow> {
  const { db, storage } = deps;
  const id = randomUUID();
  const design = applyDesignChanges(DEFAULT_TEMPLATE_DESIGN, input);
  const logo = input.logo ? await storeTemplateLogo(storage, id, input.logo) : NO_LOGO;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('templates')
        .values({
          id,
          user_id: actor.accountId,
          created_by: actor.id,
          name: input.name,
          is_default: false,
          ...designValues(design),
          // Not part of the design: a setting for the codes printed from now on.
          seal_enabled: input.seal_enabled ?? true,
          is_achievement: input.is_achievement ?? false,
          achievement_description: input.achievement_description ?? '',
          achievement_criteria: input.achievement_criteria ?? '',
          default_language: input.default_language ?? null,
          ...logo,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: 'template.created',
        object: { type: 'template', id, name: input.name },
      });
    });
  } catch (error) {
    if (logo.logo_key) await storage.delete(logo.logo_key).catch(() => undefined);
    throw error;
  }
  return findOwnTemplate(db, actor.accountId, id);
}
