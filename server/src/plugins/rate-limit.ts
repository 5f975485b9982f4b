// Rate limiting is opt-in per route; over the limit the client gets one 429 message, the one the SPA shows.
// Either `config.rateLimit` on a route, or app.limitAttempts() preHandlers, which may be stacked
// (per email and per IP on one route) and may count on a key taken from the parsed body; app.limitFailures()
// counts only the attempts the route reports as failed. app.limitRequests() is the documented quota of an API
// client (per API key): every answer tells the client where it stands in RateLimit-* headers.
// Counts are kept in process, or in Redis when REDIS_URL is set, so that several instances count together. While
// Redis does not answer, requests are let through uncounted (logged once an outage): an outage of the counters
// must not take sign-in and the API down with it.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error';

import type { FastifyReply, FastifyRequest } from 'fastify';

export interface AttemptLimit {
  /** The limiter's own name, unique in the app: its counts are kept under it (in Redis, shared by instances). */
  name: string;
  /** Attempts allowed per minute for one key; 0 turns the limit off. */
  max: number;
  /** What is counted (an email, an IP); undefined leaves the request uncounted. */
  key(request: FastifyRequest): string | undefined;
}

/** Usable as an onRequest hook (per-IP limits, counting every request) or a preHandler (keys from the body). */
export type AttemptLimitHook = (request: FastifyRequest) => Promise<void>;

export interface FailureLimit {
  /** A preHandler: 429 once the request's key has failed `max` times this minute. */
  check: AttemptLimitHook;
  /** Counts one failure for the request's key. */
  recordFailure(request: FastifyRequest): Promise<void>;
}

/** Counts the request and sets its RateLimit-* headers; throws the 429 (with Retry-After) beyond the limit. */
export type RequestLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    limitAttempts(limit: AttemptLimit): AttemptLimitHook;
    limitFailures(limit: AttemptLimit): FailureLimit;
    limitRequests(limit: AttemptLimit & { message: string }): RequestLimitHook;
  }
}

const WINDOW_MS = 60_000;
// Redis keys: this prefix, the plugin's own part, then `<limiter name>:<key>`.
const REDIS_NAMESPACE = 'qrv:rate-limit:';

function rateLimited(
  statusCode = 429,
  message = 'Attempt limit exceeded. Try again after a minute',
  headers?: Record<string, string>,
): AppError {
  return new AppError({ statusCode, code: 'rate_limited', message, headers });
}

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => rateLimited(context.statusCode),
      ...(app.redis && { redis: app.redis, nameSpace: REDIS_NAMESPACE }),
    });

    const names = new Set<string>();
    let isStoreFailing = false;

    // Each limiter counts under its own name, so two on one route never share a counter. A count the store
    // cannot make (Redis away) answers null: the request goes through uncounted.
    const createLimiter = ({ name, max, key }: AttemptLimit) => {
      if (names.has(name)) throw new Error(`Two rate limiters are named ${name}`);
      names.add(name);
      const count = app.createRateLimit({
        max,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `${name}:${key(request) ?? ''}`,
        allowList: (request) => key(request) === undefined,
      });
      return async (...args: Parameters<typeof count>) => {
        try {
          const result = await count(...args);
          if (isStoreFailing) app.log.info('Rate limits are counted again');
          isStoreFailing = false;
          return result;
        } catch (error) {
          if (!isStoreFailing) {
            app.log.error(
              { err: error },
              'Rate limits cannot be counted; letting requests through',
            );
          }
          isStoreFailing = true;
          return null;
        }
      };
    };

    app.decorate('limitAttempts', (limit: AttemptLimit): AttemptLimitHook => {
      if (limit.max === 0) return async () => undefined;
      const count = createLimiter(limit);
      return async (request) => {
        const result = await count(request);
        if (result && !result.isAllowed && result.isExceeded) throw rateLimited();
      };
    });

    // The IETF draft's headers (RateLimit-Limit, -Remaining, -Reset in seconds), on every answer, the 429 too.
    app.decorate('limitRequests', (limit: AttemptLimit & { message: string }): RequestLimitHook => {
      if (limit.max === 0) return async () => undefined;
      const count = createLimiter(limit);
      return async (request, reply) => {
        const result = await count(request);
        if (!result || result.isAllowed) return;
        const headers = {
          'ratelimit-limit': String(result.max),
          'ratelimit-remaining': String(result.remaining),
          'ratelimit-reset': String(result.ttlInSeconds),
        };
        if (!result.isExceeded) {
          reply.headers(headers);
          return;
        }
        throw rateLimited(429, limit.message, {
          ...headers,
          'retry-after': String(result.ttlInSeconds),
        });
      };
    });

    // Counted after the outcome is known, so parallel attempts can all pass the check before any failure is
    // recorded: pair it with an attempt limit (counted up front) that bounds such a burst.
    app.decorate('limitFailures', (limit: AttemptLimit): FailureLimit => {
      if (limit.max === 0)
        return { check: async () => undefined, recordFailure: async () => undefined };
      const count = createLimiter(limit);
      return {
        check: async (request) => {
          const result = await count(request, { increment: false });
          if (result && !result.isAllowed && result.remaining === 0) throw rateLimited();
        },
        recordFailure: async (request) => {
          await count(request);
        },
      };
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
