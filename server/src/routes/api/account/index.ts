// /api/account/: the account as a whole — its data export (exports.ts).
import { named } from '../../../lib/named-plugin';

import exportRoutes from './exports';

import type { FastifyPluginAsync } from 'fastify';

const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(exportRoutes));
};

export default accountRoutes;
