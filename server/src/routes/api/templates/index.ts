// /api/templates/: the signed-in user's landing-page templates: list, create, read, edit (logo included), delete
// (moving its verifications to a replacement), make the default, duplicate.
import { z } from 'zod';

import { TEMPLATE_LIMITS } from '@common/templates';

import { createTemplate } from '../../../services/templates/create-template';
import { deleteTemplate } from '../../../services/templates/delete-template';
import { duplicateTemplate } from '../../../services/templates/duplicate-template';
import { findOwnTemplate } from '../../../services/templates/find-own-template';
import { listTemplates } from '../../../services/templates/list-templates';
import { makeDefaultTemplate } from '../../../services/templates/make-default-template';
import { toTemplate } from '../../../services/templates/template-rows';
import { updateTemplate } from '../../../services/templates/update-template';

import { templateAnswer, templateListAnswer } from './answers';
import { createTemplateBody, templateFormToJson, updateTemplateBody } from './fields';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { TemplateDeps } from '../../../services/templates/template-deps';
import type { FastifyPluginAsync } from 'fastify';

const idParams = z.object({ id: z.string() });
const deleteQuery = z.object({
  replacement_id: z.string({ error: 'Must be text.' }).trim().max(100).optional(),
});

const templatesRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: TemplateDeps = {
    db: app.db,
    storage: app.storage,
    publicRecords: app.publicRecords,
    publicTemplates: app.publicTemplates,
  };
  // Authentication first, before the body is read or validated: without a token the answer is 401.
  const signedIn = { onRequest: app.requireUser };
  // Forms are read into the same shape as JSON bodies; the logo is the only file, so it sets the part limit.
  const form = {
    preValidation: templateFormToJson,
    config: { multipartFileLimit: TEMPLATE_LIMITS.logo_size },
  };

  routes.get(
    '/',
    { ...signedIn, schema: { response: { 200: templateListAnswer } } },
    async (request) => {
      const rows = await listTemplates(app.db, request.user!.id);
      return { count: rows.length, results: rows.map(toTemplate) };
    },
  );

  routes.post(
    '/',
    {
      ...signedIn,
      ...form,
      schema: { body: createTemplateBody, response: { 201: templateAnswer } },
    },
    async (request, reply) => {
      const row = await createTemplate(deps, request.user!.id, request.body);
      return reply.code(201).send(toTemplate(row));
    },
  );

  routes.get(
    '/:id/',
    { ...signedIn, schema: { params: idParams, response: { 200: templateAnswer } } },
    async (request) =>
      toTemplate(await findOwnTemplate(app.db, request.user!.id, request.params.id)),
  );

  routes.patch(
    '/:id/',
    {
      ...signedIn,
      ...form,
      schema: { params: idParams, body: updateTemplateBody, response: { 200: templateAnswer } },
    },
    async (request) => {
      const { row, leftBehind } = await updateTemplate(
        deps,
        request.user!.id,
        request.params.id,
        request.body,
      );
      if (leftBehind.length > 0) {
        request.log.warn({ keys: leftBehind }, 'Replaced template logos could not be removed');
      }
      return toTemplate(row);
    },
  );

  routes.delete(
    '/:id/',
    { ...signedIn, schema: { params: idParams, querystring: deleteQuery } },
    async (request, reply) => {
      const leftBehind = await deleteTemplate(
        deps,
        request.user!.id,
        request.params.id,
        request.query.replacement_id || undefined,
      );
      if (leftBehind.length > 0) {
        request.log.warn({ keys: leftBehind }, 'Deleted template logos could not be removed');
      }
      return reply.code(204).send();
    },
  );

  routes.post(
    '/:id/default/',
    { ...signedIn, schema: { params: idParams, response: { 200: templateAnswer } } },
    async (request) =>
      toTemplate(await makeDefaultTemplate(app.db, request.user!.id, request.params.id)),
  );

  routes.post(
    '/:id/duplicate/',
    { ...signedIn, schema: { params: idParams, response: { 201: templateAnswer } } },
    async (request, reply) => {
      const row = await duplicateTemplate(deps, request.user!.id, request.params.id);
      return reply.code(201).send(toTemplate(row));
    },
  );
};

export default templatesRoutes;
