// PATCH /api/auth/resend-otp/ and PATCH /api/auth/email-verification/: the one-time code step.
import {
  emailOnlySchema,
  emailVerificationQuerySchema,
  emailVerificationSchema,
  messageResponseSchema,
} from '@common/auth-schemas';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const otpRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(
    '/resend-otp/',
    {
      config: { access: 'public' },
      schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } },
      onRequest: app.limitAttempts({
        name: 'resend-otp-per-ip',
        max: app.config.RATE_LIMIT_RESEND_OTP_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request) => {
      // The cooldown's 429 is decided before answering (the same work for every email); finding the account and
      // mailing the code come after, so the answer's time does not reveal the account. The job queue takes this
      // over when it lands.
      const sendCode = await app.services.auth.resendOtp(request.body.email);
      app.afterAnswer.run('resent code', sendCode);
      return { status: 200, data: { message: 'OTP has been resent successfully.' } };
    },
  );

  routes.patch(
    '/email-verification/',
    {
      config: { access: 'public' },
      schema: {
        querystring: emailVerificationQuerySchema,
        body: emailVerificationSchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: app.limitAttempts({
        name: 'otp-per-email',
        max: app.config.RATE_LIMIT_OTP_PER_EMAIL,
        key: (request) => (request.body as { email: string }).email,
      }),
    },
    async (request) => {
      const { email, otp } = request.body;
      await app.services.auth.confirmEmailCode({ email, code: otp, source: request.query.source });
      return { status: 200, data: { message: 'Email verified.' } };
    },
  );
};

export default otpRoutes;
