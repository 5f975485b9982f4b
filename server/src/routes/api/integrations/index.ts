// /api/integrations/: what connects an account to its own systems — API keys its code calls the API with, and
// webhook endpoints its events are sent to.
import { named } from '../../../lib/named-plugin';

import apiKeysRoutes from './api-keys';
import webhooksRoutes from './webhooks';

import type { FastifyPluginAsync } from 'fastify';

const integrationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(apiKeysRoutes), { prefix: '/api-keys' });
  await app.register(named(webhooksRoutes), { prefix: '/webhooks' });
};

export default integrationsRoutes;
