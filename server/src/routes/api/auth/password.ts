// POST /api/auth/password/: a signed-in user changes (or, after Google or SSO, sets) their password.
import { messageResponseSchema, passwordChangeSchema } from '@common/auth-schemas';

import { sessionUser } from './session-user';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const passwordRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/password/',
    {
      config: { access: 'signed-in' },
      schema: { body: passwordChangeSchema, response: { 200: messageResponseSchema } },
      // Guessing the current password from a stolen session is counted like guessing it at sign-in.
      preHandler: app.limitAttempts({
        name: 'password-change-per-user',
        max: app.config.RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP,
        key: (request) => request.user?.id,
      }),
    },
    async (request) => {
      await app.services.account.changePassword(sessionUser(request), request.body);
      return {
        status: 200,
        data: { message: 'Password changed. Your other sessions have been signed out.' },
      };
    },
  );
};

export default passwordRoutes;
