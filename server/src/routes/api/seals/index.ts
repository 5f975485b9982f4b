// /api/seals/keys/: the account's keys that sign its QR codes' seals (docs/seals.md). Listing them is open to shared
// users who may view the custom domain settings — the other half of how scanners tell the account's genuine codes
// apart; rotating and revoking change what every scanner trusts, so they are the owner's alone (and never an API
// key's: plugins/auth.ts).
import {
  revokeSealKeySchema,
  sealKeyListSchema,
  sealKeyParams,
  sealKeySchema,
} from '@common/seals-schemas';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const sealsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const seals = app.services.seals;

  routes.get(
    '/keys/',
    {
      config: { access: { area: 'custom_domain', level: 'view' } },
      schema: { response: { 200: sealKeyListSchema } },
    },
    async (request) => ({ keys: await seals.listKeys(signedInUser(request).accountId) }),
  );

  routes.post(
    '/keys/rotate/',
    { config: { access: 'owner' }, schema: { response: { 201: sealKeySchema } } },
    async (request, reply) => reply.code(201).send(await seals.rotateKey(signedInUser(request))),
  );

  routes.post(
    '/keys/:kid/revoke/',
    {
      config: { access: 'owner' },
      schema: {
        params: sealKeyParams,
        body: revokeSealKeySchema,
        response: { 200: sealKeySchema },
      },
    },
    async (request) =>
      seals.revokeKey(signedInUser(request), request.params.kid, request.body ?? {}),
  );
};

export default sealsRoutes;
