// /api/settings/custom-domain/: the account's custom domain: read it with the records to add, set one (pending,
// with a fresh token), check its records now, remove it. The owner, or a shared user with custom_domain access.
import { customDomainSchema, setCustomDomainSchema } from '@common/custom-domain-schemas';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const canView = { access: { area: 'custom_domain', level: 'view' } } as const;
const canEdit = { access: { area: 'custom_domain', level: 'edit' } } as const;

const customDomainRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const customDomains = app.services.customDomains;

  routes.get(
    '/',
    { config: canView, schema: { response: { 200: customDomainSchema } } },
    async (request) => customDomains.get(signedInUser(request).accountId),
  );

  routes.put(
    '/',
    {
      config: canEdit,
      schema: { body: setCustomDomainSchema, response: { 200: customDomainSchema } },
    },
    async (request) => customDomains.set(signedInUser(request).accountId, request.body.domain),
  );

  routes.post(
    '/verify/',
    { config: canEdit, schema: { response: { 200: customDomainSchema } } },
    async (request) => {
      const { customDomain, sendMail } = await customDomains.verify(
        signedInUser(request).accountId,
      );
      if (sendMail) app.afterAnswer.run('custom domain mail', sendMail);
      return customDomain;
    },
  );

  routes.delete('/', { config: canEdit }, async (request, reply) => {
    await customDomains.remove(signedInUser(request).accountId);
    return reply.code(204).send();
  });
};

export default customDomainRoutes;
