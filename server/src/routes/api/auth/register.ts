// POST /api/auth/register/: creates an unverified account and mails its code.
import { z } from 'zod';

import {
  emailField,
  firstNameField,
  journeyField,
  newPasswordField,
  referrerField,
} from '../../../lib/auth-fields';
import { registerUser } from '../../../services/auth/register-user';

import { messageAnswer } from './answers';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const registration = z.object({
  first_name: firstNameField,
  email: emailField,
  password: newPasswordField,
  referrer: referrerField,
  journey: journeyField,
});

const registerRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register/',
    {
      schema: { body: registration, response: { 201: messageAnswer } },
      onRequest: app.limitAttempts({
        max: app.config.RATE_LIMIT_REGISTER_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request, reply) => {
      const { first_name, email, password, referrer, journey } = request.body;
      await registerUser(app, { firstName: first_name, email, password, referrer, journey });
      return reply.code(201).send({
        status: 201,
        data: { message: `Account created. We sent a 6-digit code to ${email}.` },
      });
    },
  );
};

export default registerRoutes;
