// Rate limiting is opt-in per route; over the limit the client gets the spec's 429 message.
// Either `config.rateLimit` on a route, or app.limitAttempts() preHandlers, which may be stacked
// (per email and per IP on one route) and may count on a key taken from the parsed body.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error';

import type { FastifyRequest } from 'fastify';

export interface AttemptLimit {
  /** Attempts allowed per minute for one key; 0 turns the limit off. */
  max: number;
  /** What is counted (an email, an IP); undefined leaves the request uncounted. */
  key(request: FastifyRequest): string | undefined;
}

/** Usable as an onRequest hook (per-IP limits, counting every request) or a preHandler (keys from the body). */
export type AttemptLimitHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    limitAttempts(limit: AttemptLimit): AttemptLimitHook;
  }
}

const WINDOW_MS = 60_000;

function rateLimited(statusCode = 429): AppError {
  return new AppError({
    statusCode,
    code: 'rate_limited',
    message: 'Attempt limit exceeded. Try again after a minute',
  });
}

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => rateLimited(context.statusCode),
    });

    app.decorate('limitAttempts', ({ max, key }: AttemptLimit): AttemptLimitHook => {
      if (max === 0) return async () => undefined;
      // Each limiter counts in its own store, so two on one route never share a counter.
      const check = app.createRateLimit({
        max,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => key(request) ?? '',
        allowList: (request) => key(request) === undefined,
      });
      return async (request) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) throw rateLimited();
      };
    });
  },
  { name: 'rate-limit' },
);
