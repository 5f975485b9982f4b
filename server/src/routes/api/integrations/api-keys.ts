// /api/integrations/api-keys/: the account's API keys: list (never the keys themselves), create (the key is
// answered this once) and revoke. Managed by the owner and shared users with integrations edit; view lists them.
// A key itself may not call these routes (plugins/auth.ts): keys are managed by people who signed in.
import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  integrationIdParams,
} from '@common/integrations-schemas';

import { signedInUser, type RouteAccess } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const VIEW_INTEGRATIONS: RouteAccess = { area: 'integrations', level: 'view' };
const EDIT_INTEGRATIONS: RouteAccess = { area: 'integrations', level: 'edit' };

const canView = { config: { access: VIEW_INTEGRATIONS } };
const canEdit = { config: { access: EDIT_INTEGRATIONS } };

const apiKeysRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const apiKeys = app.services.apiKeys;

  routes.get(
    '/',
    { ...canView, schema: { response: { 200: apiKeyListSchema } } },
    async (request) => apiKeys.list(signedInUser(request).accountId),
  );

  routes.post(
    '/',
    { ...canEdit, schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } } },
    async (request, reply) =>
      reply.code(201).send(await apiKeys.create(signedInUser(request), request.body)),
  );

  routes.delete(
    '/:id/',
    { ...canEdit, schema: { params: integrationIdParams } },
    async (request, reply) => {
      await apiKeys.revoke(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default apiKeysRoutes;
