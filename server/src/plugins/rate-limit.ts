// Rate limiting is opt-in per route (config.rateLimit); over the limit the client gets the spec's 429 message.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error';

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError({
          statusCode: context.statusCode,
          code: 'rate_limited',
          message: 'Attempt limit exceeded. Try again after a minute',
        }),
    });
  },
  { name: 'rate-limit' },
);
