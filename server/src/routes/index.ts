// Mounts each API resource under /api/<resource>/. Add a resource here when its folder is created.
import { named } from '../lib/named-plugin';

import accountRoutes from './api/account';
import accountDeletionRoutes from './api/account/deletion';
import analyticsRoutes from './api/analytics';
import authRoutes from './api/auth';
import bulkOperationsRoutes from './api/bulk-operations';
import customDomainsRoutes from './api/custom-domains';
import healthRoutes from './api/health';
import integrationsRoutes from './api/integrations';
import publicRoutes from './api/public';
import sealsRoutes from './api/seals';
import settingsRoutes from './api/settings';
import subscriptionRoutes from './api/subscription';
import supportRoutes from './api/support';
import teamRoutes from './api/team';
import templatesRoutes from './api/templates';
import uploadsRoutes from './api/uploads';
import verificationsRoutes from './api/verifications';
import issuerRoutes from './issuers';
import metricsRoutes from './metrics';
import pageRoutes from './v';
import wellKnownRoutes from './well-known';

import type { FastifyPluginAsync } from 'fastify';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(named(healthRoutes), { prefix: '/api/health' });
  await app.register(named(settingsRoutes), { prefix: '/api/settings' });
  await app.register(named(authRoutes), { prefix: '/api/auth' });
  await app.register(named(uploadsRoutes), { prefix: '/api/uploads' });
  await app.register(named(verificationsRoutes), { prefix: '/api/verifications' });
  await app.register(named(templatesRoutes), { prefix: '/api/templates' });
  await app.register(named(teamRoutes), { prefix: '/api/team' });
  await app.register(named(bulkOperationsRoutes), { prefix: '/api/bulk-operations' });
  await app.register(named(integrationsRoutes), { prefix: '/api/integrations' });
  await app.register(named(publicRoutes), { prefix: '/api/public' });
  await app.register(named(customDomainsRoutes), { prefix: '/api/custom-domains' });
  await app.register(named(subscriptionRoutes), { prefix: '/api/subscription' });
  await app.register(named(supportRoutes), { prefix: '/api/support' });
  await app.register(named(analyticsRoutes), { prefix: '/api/analytics' });
  await app.register(named(sealsRoutes), { prefix: '/api/seals' });
  // Beside the account's other routes (./api/account), under the same prefix.
  await app.register(named(accountDeletionRoutes), { prefix: '/api/account' });
  await app.register(named(accountRoutes), { prefix: '/api/account' });
  await app.register(named(pageRoutes), { prefix: '/v' });
  await app.register(named(wellKnownRoutes));
  await app.register(named(issuerRoutes));
  // Off unless METRICS_TOKEN is set: then /metrics exists, for its bearer only.
  const metricsToken = app.config.METRICS_TOKEN;
  if (metricsToken) await app.register(named(metricsRoutes), { token: metricsToken });
};

export default routes;
