// Placeholder until the routes land.
import type { FastifyPluginAsync } from 'fastify';

const apiKeysRoutes: FastifyPluginAsync = async () => {};

export default apiKeysRoutes;
