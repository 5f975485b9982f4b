// POST /api/auth/register/: creates an unverified account and mails its code; or, with a team invitation's token,
// the shared user the invitation was for, signed in at once.
import { registrationResponseSchema, registrationSchema } from '@common/auth-schemas';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const registerRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register/',
    {
      config: { access: 'public' },
      schema: { body: registrationSchema, response: { 201: registrationResponseSchema } },
      onRequest: app.limitAttempts({
        name: 'register-per-ip',
        max: app.config.RATE_LIMIT_REGISTER_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request, reply) => {
      const { first_name, email, password, referrer, journey, invitation } = request.body;
      const registration = { firstName: first_name, email, password, referrer, journey };
      if (invitation) {
        const { tokens, ownerName } = await app.services.auth.registerInvited({
          ...registration,
          invitation,
          userAgent: request.headers['user-agent'],
        });
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({
            status: 201,
            data: { message: `Welcome to ${ownerName}'s team on QR Verify.` },
            tokens,
          });
      }
      await app.services.auth.register(registration);
      return reply.code(201).send({
        status: 201,
        data: { message: `Account created. We sent a 6-digit code to ${email}.` },
      });
    },
  );
};

export default registerRoutes;
