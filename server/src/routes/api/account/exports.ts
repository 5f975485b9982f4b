// 'Download my data': the owner asks for an export (202; the mail with the link follows) and reads the latest one's
// state; the link itself is public, its token the credential. Owner-only: a shared user's export would have to be
// cut down to what they may see, and the account's data is the owner's to take.
import { z } from 'zod';

import { accountExportSchema, accountExportStartedSchema } from '@common/account-export-schemas';

import { attachment } from '../../../lib/content-disposition';
import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const exportRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const exports = app.services.accountExports;

  routes.post(
    '/export/',
    { config: { access: 'owner' }, schema: { response: { 202: accountExportStartedSchema } } },
    async (request, reply) => {
      const { accountId, id } = signedInUser(request);
      return reply.code(202).send(await exports.request(accountId, id));
    },
  );

  routes.get(
    '/export/',
    { config: { access: 'owner' }, schema: { response: { 200: accountExportSchema.nullable() } } },
    async (request) => exports.latest(signedInUser(request).accountId),
  );

  routes.get(
    '/exports/:token/',
    { config: { access: 'public' }, schema: { params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const { fileName, stream } = await exports.download(request.params.token);
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};

export default exportRoutes;
