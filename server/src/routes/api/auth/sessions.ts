// /api/auth/sessions/: where the user is signed in, and signing one session (or all the others) out.
import { sessionListSchema, sessionParamsSchema } from '@common/auth-schemas';

import { signedInUser } from '../../../plugins/auth';

import { sessionUser } from './session-user';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const sessionRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const account = app.services.account;

  routes.get(
    '/sessions/',
    { config: { access: 'signed-in' }, schema: { response: { 200: sessionListSchema } } },
    async (request) => ({ results: await account.listSessions(sessionUser(request)) }),
  );

  routes.delete('/sessions/', { config: { access: 'signed-in' } }, async (request, reply) => {
    await account.endOtherSessions(sessionUser(request));
    return reply.code(204).send();
  });

  routes.delete(
    '/sessions/:id/',
    { config: { access: 'signed-in' }, schema: { params: sessionParamsSchema } },
    async (request, reply) => {
      await account.endSession(signedInUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default sessionRoutes;
