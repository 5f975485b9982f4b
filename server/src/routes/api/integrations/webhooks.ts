// /api/integrations/webhooks/: the account's webhook endpoints (list, add, read, change, rotate the secret,
// delete), each endpoint's deliveries (a page at a time, newest first; send one again) and a test event.
// Managed by the owner and shared users with integrations edit; view reads them.
import {
  createWebhookSchema,
  deliveryIdParams,
  deliveryListQuerySchema,
  integrationIdParams,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  type Webhook,
} from '@common/integrations-schemas';
import { allows } from '@common/team';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { AuthenticatedUser } from '../../../services/auth/find-user-by-access-token';
import type { FastifyPluginAsync } from 'fastify';

const canView = { config: { access: { area: 'integrations', level: 'view' } } } as const;
const canEdit = { config: { access: { area: 'integrations', level: 'edit' } } } as const;

// The signing secret lets its holder forge deliveries: only those who may change the endpoint see it.
function asSeenBy(user: AuthenticatedUser, webhook: Webhook): Webhook {
  return allows(user.access, 'integrations', 'edit') ? webhook : { ...webhook, secret: '' };
}

const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const webhooks = app.services.webhooks;

  routes.get(
    '/',
    { ...canView, schema: { response: { 200: webhookListSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const list = await webhooks.list(user.accountId);
      return { ...list, results: list.results.map((webhook) => asSeenBy(user, webhook)) };
    },
  );

  routes.post(
    '/',
    { ...canEdit, schema: { body: createWebhookSchema, response: { 201: webhookSchema } } },
    async (request, reply) =>
      reply.code(201).send(await webhooks.create(signedInUser(request), request.body)),
  );

  routes.get(
    '/:id/',
    { ...canView, schema: { params: integrationIdParams, response: { 200: webhookSchema } } },
    async (request) => {
      const user = signedInUser(request);
      return asSeenBy(user, await webhooks.find(user.accountId, request.params.id));
    },
  );

  routes.patch(
    '/:id/',
    {
      ...canEdit,
      schema: {
        params: integrationIdParams,
        body: updateWebhookSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) => webhooks.update(signedInUser(request), request.params.id, request.body),
  );

  routes.delete(
    '/:id/',
    { ...canEdit, schema: { params: integrationIdParams } },
    async (request, reply) => {
      await webhooks.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  routes.get(
    '/:id/deliveries/',
    {
      ...canView,
      schema: {
        params: integrationIdParams,
        querystring: deliveryListQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (request) =>
      webhooks.listDeliveries(signedInUser(request).accountId, request.params.id, request.query),
  );

  routes.post(
    '/:id/deliveries/:deliveryId/redeliver/',
    {
      ...canEdit,
      schema: { params: deliveryIdParams, response: { 202: webhookDeliverySchema } },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await webhooks.redeliver(signedInUser(request).accountId, id, deliveryId);
      return reply.code(202).send(delivery);
    },
  );

  routes.post(
    '/:id/test/',
    {
      ...canEdit,
      schema: { params: integrationIdParams, response: { 202: webhookDeliverySchema } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await webhooks.sendTest(signedInUser(request).accountId, request.params.id)),
  );
};

export default webhooksRoutes;
