// PATCH /api/auth/forget-password/: with only an email, mails a reset code; with a new password (after the
// code was verified through email-verification?source=forget-password), sets it.
import { forgetPasswordResponseSchema, forgetPasswordSchema } from '@common/auth-schemas';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const forgetPasswordRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/forget-password/',
    {
      config: { access: 'public' },
      schema: { body: forgetPasswordSchema, response: { 200: forgetPasswordResponseSchema } },
      onRequest: app.limitAttempts({
        name: 'forgot-password-per-ip',
        max: app.config.RATE_LIMIT_FORGOT_PASSWORD_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request) => {
      const { email, password } = request.body;
      if (password === undefined) {
        // The same answer whether or not the email has an account, and in the same time: the look-up and the
        // mail happen after answering. The job queue takes this over when it lands.
        app.afterAnswer.run('password reset code', () =>
          app.services.auth.requestPasswordReset(email),
        );
        return { message: 'We sent a 6-digit code to your email.' };
      }
      await app.services.auth.resetPassword({ email, password });
      return { message: 'Your password has been changed.' };
    },
  );
};

export default forgetPasswordRoutes;
