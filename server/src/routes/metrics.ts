// GET /metrics: the app's Prometheus metrics (plugins/metrics.ts) for a scraper that sends
// `Authorization: Bearer <METRICS_TOKEN>`. Registered only when METRICS_TOKEN is set; 401 for any other caller.
import { AppError } from '../lib/app-error';
import { isSameSecret } from '../lib/same-secret';
import { METRICS_PATH } from '../plugins/metrics';
import { UNAUTHENTICATED_MESSAGE } from '../services/auth/auth-errors';

import type { FastifyPluginAsync } from 'fastify';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function metricsUnauthenticated(): AppError {
  return new AppError({
    statusCode: 401,
    code: 'not_authenticated',
    message: UNAUTHENTICATED_MESSAGE,
    headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
  });
}

const metricsRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  const { registry } = app.metrics;
  app.get(METRICS_PATH, async (request, reply) => {
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!isSameSecret(token, bearer)) throw metricsUnauthenticated();
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};

export default metricsRoutes;
