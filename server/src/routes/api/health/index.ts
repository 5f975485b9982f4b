// GET /api/health/: for load balancers and uptime checks; 503 when the database or mail is down (reported at most
// a couple of seconds late, as the report is reused that long).
import { z } from 'zod';

import { createHealthCheck } from '../../../services/health/check-health';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const healthReport = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  mail: z.object({ ok: z.boolean(), transport: z.enum(['smtp', 'dev-mailbox']) }),
});

const healthRoutes: FastifyPluginAsync = async (app) => {
  const checkHealth = createHealthCheck(app);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { schema: { response: { 200: healthReport, 503: healthReport } } },
      async (_request, reply) => {
        const report = await checkHealth();
        return reply.code(report.status === 'ok' ? 200 : 503).send(report);
      },
    );
};

export default healthRoutes;
