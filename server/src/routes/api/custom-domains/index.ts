// GET /api/custom-domains/allowed/?domain=: Caddy's on-demand TLS asks here before getting a certificate for a
// name (docs/deployment.md). 200 only for a name the app serves: a verified custom domain (or one removed with
// codes printed on it, which still open there); anything else, an error included, is 404, so a failure never lets
// a certificate be issued. From the same brief cache as the Host routing.
import { allowedDomainQuery, allowedDomainSchema } from '@common/custom-domain-schemas';

import { notFoundError } from '../../../lib/app-error';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const customDomainsRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/allowed/',
    {
      config: { access: 'public' },
      schema: { querystring: allowedDomainQuery, response: { 200: allowedDomainSchema } },
    },
    async (request, reply) => {
      let owner = null;
      try {
        owner = await app.services.customDomains.findDomainOwner(request.query.domain);
      } catch (error) {
        request.log.error({ err: error }, 'Could not look up a custom domain for TLS');
      }
      if (!owner) throw notFoundError();
      return reply.code(200).send({ domain: owner.domain });
    },
  );
};

export default customDomainsRoutes;
