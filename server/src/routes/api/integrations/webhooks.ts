// Placeholder until the routes land.
import type { FastifyPluginAsync } from 'fastify';

const webhooksRoutes: FastifyPluginAsync = async () => {};

export default webhooksRoutes;
