// PATCH /api/auth/forget-password/: with only an email, mails a reset code; with a new password (after the
// code was verified through email-verification?source=forget-password), sets it.
import { z } from 'zod';

import { emailField, newPasswordField } from '../../../lib/auth-fields';
import { requestPasswordReset } from '../../../services/auth/request-password-reset';
import { resetPassword } from '../../../services/auth/reset-password';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const forgetPassword = z.object({
  email: emailField,
  password: newPasswordField.optional(),
  source: z.string().optional(),
});

const forgetPasswordRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/forget-password/',
    {
      schema: { body: forgetPassword, response: { 200: z.object({ message: z.string() }) } },
      onRequest: app.limitAttempts({
        max: app.config.RATE_LIMIT_FORGOT_PASSWORD_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request) => {
      const { email, password } = request.body;
      if (password === undefined) {
        // The same answer whether or not the email has an account.
        await requestPasswordReset(app, email);
        return { message: 'We sent a 6-digit code to your email.' };
      }
      await resetPassword(app.db, { email, password });
      return { message: 'Your password has been changed.' };
    },
  );
};

export default forgetPasswordRoutes;
