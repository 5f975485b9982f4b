// /api/account/ (DELETE) and /api/account/restore/: 'Delete account' and its cancellation within the grace
// period. Mounted beside the export routes under the same prefix (routes/index.ts).
import {
  accountDeletionRequestSchema,
  accountDeletionSchema,
} from '@common/account-deletion-schemas';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const accountDeletionRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deletion = app.services.accountDeletion;

  routes.delete(
    '/',
    {
      config: { access: 'signed-in' },
      schema: { body: accountDeletionRequestSchema, response: { 202: accountDeletionSchema } },
    },
    async (request, reply) => {
      const deleteAfter = await deletion.requestDeletion(
        signedInUser(request).id,
        request.body.email,
      );
      return reply.code(202).send({ delete_after: deleteAfter.toISOString() });
    },
  );

  routes.post('/restore/', { config: { access: 'owner' } }, async (request, reply) => {
    await deletion.restore(signedInUser(request).id);
    return reply.code(204).send();
  });
};

export default accountDeletionRoutes;
