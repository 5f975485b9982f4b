// PATCH /api/auth/resend-otp/ and PATCH /api/auth/email-verification/: the one-time code step.
import { z } from 'zod';

import { OTP_LENGTH } from '@common/auth';

import { emailField } from '../../../lib/auth-fields';
import { confirmEmailCode } from '../../../services/auth/confirm-email-code';
import { resendOtp } from '../../../services/auth/resend-otp';

import { messageAnswer } from './answers';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

// The SPA sends the code as text; a number (leading zeros lost) is accepted too.
const otpField = z
  .union([z.string(), z.number().int().nonnegative()], {
    error: (issue) =>
      issue.input === undefined ? 'The code is required.' : 'Enter the 6-digit code.',
  })
  .transform((code) =>
    typeof code === 'number' ? String(code).padStart(OTP_LENGTH, '0') : code.trim(),
  )
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'));

const verification = z.object({
  email: emailField,
  otp: otpField,
  // The spec's verification step may send the password along; it is not needed here.
  password: z.unknown().optional(),
});

const verificationQuery = z.object({
  source: z
    .enum(['signup', 'email_verification', 'forget-password'], {
      error: 'source must be signup, email_verification or forget-password.',
    })
    .default('signup'),
});

const otpRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(
    '/resend-otp/',
    {
      schema: { body: z.object({ email: emailField }), response: { 200: messageAnswer } },
      onRequest: app.limitAttempts({
        max: app.config.RATE_LIMIT_RESEND_OTP_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request) => {
      await resendOtp(app, request.body.email);
      return { status: 200, data: { message: 'OTP has been resent successfully.' } };
    },
  );

  routes.patch(
    '/email-verification/',
    {
      schema: {
        querystring: verificationQuery,
        body: verification,
        response: { 200: messageAnswer },
      },
      preHandler: app.limitAttempts({
        max: app.config.RATE_LIMIT_OTP_PER_EMAIL,
        key: (request) => (request.body as { email: string }).email,
      }),
    },
    async (request) => {
      const { email, otp } = request.body;
      await confirmEmailCode(app.db, { email, code: otp, source: request.query.source });
      return { status: 200, data: { message: 'Email verified.' } };
    },
  );
};

export default otpRoutes;
