// /api/templates/: the account's landing-page templates: list, create, read, edit (logo included), delete
// (moving its verifications to a replacement), make the default, duplicate.
import { TEMPLATE_LIMITS } from '@common/templates';
import {
  deleteTemplateQuerySchema,
  templateIdParams,
  templateListSchema,
  templateSchema,
} from '@common/templates-schemas';

import { signedInUser, type RouteAccess } from '../../../plugins/auth';

import { createTemplateBody, templateFormToJson, updateTemplateBody } from './fields';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const VIEW_TEMPLATES: RouteAccess = { area: 'templates', level: 'view' };
const EDIT_TEMPLATES: RouteAccess = { area: 'templates', level: 'edit' };

// The access rule is checked before the body is read or validated: without a token the answer is 401.
const canView = { config: { access: VIEW_TEMPLATES } };
const canEdit = { config: { access: EDIT_TEMPLATES } };

const templatesRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const templates = app.services.templates;
  // Forms are read into the same shape as JSON bodies; the logo is the only file, so it sets the part limit.
  // A route that may take a logo counts against the per-IP upload limit first, before the access or the body.
  const form = {
    onRequest: app.limitUploadsPerIp,
    preValidation: templateFormToJson,
    config: {
      access: EDIT_TEMPLATES,
      multipartFileLimit: TEMPLATE_LIMITS.logo_size,
      jsonInDataPart: true,
    },
  };

  routes.get(
    '/',
    { ...canView, schema: { response: { 200: templateListSchema } } },
    async (request) => templates.list(signedInUser(request).accountId),
  );

  routes.post(
    '/',
    {
      ...form,
      schema: { body: createTemplateBody, response: { 201: templateSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await templates.create(signedInUser(request), request.body)),
  );

  routes.get(
    '/:id/',
    { ...canView, schema: { params: templateIdParams, response: { 200: templateSchema } } },
    async (request) => templates.find(signedInUser(request).accountId, request.params.id),
  );

  routes.patch(
    '/:id/',
    {
      ...form,
      schema: {
        params: templateIdParams,
        body: updateTemplateBody,
        response: { 200: templateSchema },
      },
    },
    async (request) => {
      const { template, leftBehind } = await templates.update(
        signedInUser(request),
        request.params.id,
        request.body,
      );
      if (leftBehind.length > 0) {
        request.log.warn({ keys: leftBehind }, 'Replaced template logos could not be removed');
      }
      return template;
    },
  );

  routes.delete(
    '/:id/',
    { ...canEdit, schema: { params: templateIdParams, querystring: deleteTemplateQuerySchema } },
    async (request, reply) => {
      const leftBehind = await templates.delete(
        signedInUser(request),
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
    { ...canEdit, schema: { params: templateIdParams, response: { 200: templateSchema } } },
    async (request) => templates.makeDefault(signedInUser(request), request.params.id),
  );

  routes.post(
    '/:id/duplicate/',
    { ...canEdit, schema: { params: templateIdParams, response: { 201: templateSchema } } },
    async (request, reply) =>
      reply.code(201).send(await templates.duplicate(signedInUser(request), request.params.id)),
  );
};

export default templatesRoutes;
