// POST /api/auth/email/ and /api/auth/email/verify/: a signed-in user changes their email; the code mailed to the
// new address confirms it.
import {
  emailChangeCodeSchema,
  emailChangeSchema,
  messageResponseSchema,
  userProfileSchema,
} from '@common/auth-schemas';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const emailRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Counted per user: each request mails someone, each check spends one of the code's tries.
  const perUser = (name: string, max: number) =>
    app.limitAttempts({ name, max, key: (request) => request.user?.id });

  routes.post(
    '/email/',
    {
      config: { access: 'signed-in' },
      schema: { body: emailChangeSchema, response: { 200: messageResponseSchema } },
      preHandler: perUser('email-change-per-user', app.config.RATE_LIMIT_RESEND_OTP_PER_IP),
    },
    async (request) => {
      const { email } = request.body;
      await app.services.account.requestEmailChange(signedInUser(request).id, email);
      return { status: 200, data: { message: `We sent a 6-digit code to ${email}.` } };
    },
  );

  routes.post(
    '/email/verify/',
    {
      config: { access: 'signed-in' },
      schema: { body: emailChangeCodeSchema, response: { 200: userProfileSchema } },
      preHandler: perUser('email-change-codes-per-user', app.config.RATE_LIMIT_OTP_PER_EMAIL),
    },
    async (request) => {
      const userId = signedInUser(request).id;
      await app.services.account.confirmEmailChange(userId, request.body.otp);
      return app.services.auth.getProfile(userId);
    },
  );
};

export default emailRoutes;
