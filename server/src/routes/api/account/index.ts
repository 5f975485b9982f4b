// /api/account/: the account as a whole — its data export (exports.ts).
import exportRoutes from './exports';

import type { FastifyPluginAsync } from 'fastify';

const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(exportRoutes);
};

export default accountRoutes;
