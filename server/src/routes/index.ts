// Mounts each API resource under /api/<resource>/. Add a resource here when its folder is created.
import authRoutes from './api/auth';
import healthRoutes from './api/health';

import type { FastifyPluginAsync } from 'fastify';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api/auth' });
};

export default routes;
