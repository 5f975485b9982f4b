// /api/analytics/: scans per day with their breakdowns, across the account or for one of its verifications, for
// whoever may view the account's verifications (docs/analytics.md).
import { scanAnalyticsQuerySchema, scanAnalyticsSchema } from '@common/analytics-schemas';

import { signedInUser } from '../../../plugins/auth';
import { VIEW_VERIFICATIONS } from '../verifications/access';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/scans/',
    {
      config: { access: VIEW_VERIFICATIONS },
      schema: { querystring: scanAnalyticsQuerySchema, response: { 200: scanAnalyticsSchema } },
    },
    async (request) =>
      app.services.analytics.getScans(signedInUser(request).accountId, request.query),
  );
};

export default analyticsRoutes;
