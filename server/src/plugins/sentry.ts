// Reports unexpected errors to Sentry when SENTRY_DSN is set; otherwise reportError does nothing.
import fp from 'fastify-plugin';

import { loggedUrl } from '../logger';

import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    reportError(error: unknown, request?: FastifyRequest): void;
  }
}

const FLUSH_TIMEOUT_MS = 2000;

export default fp(
  async (app) => {
    const dsn = app.config.SENTRY_DSN;
    if (!dsn) {
      app.decorate('reportError', () => undefined);
      return;
    }
    // Loaded only when used: the SDK is heavy and installs global instrumentation on import.
    const Sentry = await import('@sentry/node');
    Sentry.init({ dsn });
    app.decorate('reportError', (error: unknown, request?: FastifyRequest) => {
      Sentry.captureException(error, {
        extra: request && {
          method: request.method,
          url: loggedUrl(request),
          requestId: request.id,
        },
      });
    });
    app.addHook('onClose', async () => {
      await Sentry.flush(FLUSH_TIMEOUT_MS);
    });
  },
  { name: 'sentry', dependencies: ['config'] },
);
