// The template services as handlers call them: built once by the services plugin with what they work with, each
// taking the account it reads (or the actor who changes it) and answering in the API's shapes.
import type { Template, TemplateList } from '@common/templates-schemas';

import { createTemplate } from './create-template';
import { deleteTemplate } from './delete-template';
import { duplicateTemplate } from './duplicate-template';
import { findOwnTemplate } from './find-own-template';
import { listTemplates } from './list-templates';
import { makeDefaultTemplate } from './make-default-template';
import { toTemplate } from './template-rows';
import { updateTemplate } from './update-template';

import type { Actor } from '../team/actor';
import type { TemplateChanges } from './template-changes';
import type { TemplateDeps } from './template-deps';

export function buildTemplateServices(deps: TemplateDeps) {
  const { db } = deps;
  return {
    async list(accountId: string): Promise<TemplateList> {
      const rows = await listTemplates(db, accountId);
      return { count: rows.length, results: rows.map(toTemplate) };
    },

    async create(actor: Actor, input: TemplateChanges & { name: string }): Promise<Template> {
      return toTemplate(await createTemplate(deps, actor, input));
    },

    async find(accountId: string, id: string): Promise<Template> {
      return toTemplate(await findOwnTemplate(db, accountId, id));
    },

    /** Also the storage keys of replaced logos that could not be removed (to log). */
    async update(actor: Actor, id: string, changes: TemplateChanges) {
      const { row, leftBehind } = await updateTemplate(deps, actor, id, changes);
      return { template: toTemplate(row), leftBehind };
    },

    /** Answers the storage keys of files that could not be removed (to log). */
    delete(actor: Actor, id: string, replacementId?: string): Promise<string[]> {
      return deleteTemplate(deps, actor, id, replacementId);
    },

    async makeDefault(actor: Actor, id: string): Promise<Template> {
      return toTemplate(await makeDefaultTemplate(db, actor, id));
    },

    async duplicate(actor: Actor, id: string): Promise<Template> {
      return toTemplate(await duplicateTemplate(deps, actor, id));
    },
  };
}

export type TemplateServices = ReturnType<typeof buildTemplateServices>;
