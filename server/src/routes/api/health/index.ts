// GET /api/health/: liveness, for load balancers and uptime checks; 503 when the database or mail is down.
// GET /api/health/ready/: readiness, before sending this instance traffic; 503 naming the check that failed.
// Both reports are reused a couple of seconds, so they show a failure at most that late.
import { z } from 'zod';

import { createHealthCheck } from '../../../services/health/check-health';
import { createReadinessCheck } from '../../../services/health/check-readiness';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const healthReport = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  mail: z.object({ ok: z.boolean(), transport: z.enum(['smtp', 'dev-mailbox']) }),
});

const passed = z.object({ ok: z.boolean() });
const readinessReport = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: passed,
    storage: passed,
    queue: passed,
    redis: passed.optional().describe('Only when the server uses Redis (REDIS_URL).'),
  }),
});

const healthRoutes: FastifyPluginAsync = async (app) => {
  const checkHealth = createHealthCheck(app);
  const checkReadiness = createReadinessCheck(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/',
    { schema: { response: { 200: healthReport, 503: healthReport } } },
    async (_request, reply) => {
      const report = await checkHealth();
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  );
  routes.get(
    '/ready/',
    { schema: { response: { 200: readinessReport, 503: readinessReport } } },
    async (_request, reply) => {
      const report = await checkReadiness();
      return reply.code(report.status === 'ready' ? 200 : 503).send(report);
    },
  );
};

export default healthRoutes;
