// /api/verifications/{id}/document/, /original/, /qr/ and /credential/: whoever may view the account's verifications
// downloads a verification's secured PDF, the file it was made from, its QR code alone or its verifiable credential.
import { z } from 'zod';

import { verifiableCredentialSchema } from '@common/credentials-schemas';
import { optionalFormField, verificationIdParams } from '@common/verifications-schemas';

import { attachment } from '../../../lib/content-disposition';
import { signedInUser } from '../../../plugins/auth';

import { VIEW_VERIFICATIONS } from './access';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { VerificationFile } from '../../../services/verifications/get-verification-file';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const qrQuery = z.object({
  format: optionalFormField(z.enum(['png', 'svg'], { error: 'Must be png or svg.' })).transform(
    (format) => format ?? 'png',
  ),
});

function sendFile(reply: FastifyReply, file: VerificationFile) {
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

const verificationFilesRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const verifications = app.services.verifications;
  const canView = {
    config: { access: VIEW_VERIFICATIONS },
    schema: { params: verificationIdParams },
  };

  routes.get('/:id/document/', canView, async (request, reply) =>
    sendFile(
      reply,
      await verifications.getFile(signedInUser(request).accountId, request.params.id, 'secured'),
    ),
  );

  routes.get('/:id/original/', canView, async (request, reply) =>
    sendFile(
      reply,
      await verifications.getFile(signedInUser(request).accountId, request.params.id, 'original'),
    ),
  );

  routes.get(
    '/:id/qr/',
    { ...canView, schema: { params: verificationIdParams, querystring: qrQuery } },
    async (request, reply) => {
      const format = request.query.format;
      const { code, image } = await verifications.renderQrCode(
        signedInUser(request).accountId,
        request.params.id,
        format,
      );
      return reply
        .type(format === 'svg' ? 'image/svg+xml' : 'image/png')
        .header('content-disposition', attachment(`${code}-qr.${format}`))
        .header('cache-control', 'private, no-store')
        .send(image);
    },
  );

  routes.get(
    '/:id/credential/',
    {
      ...canView,
      schema: { params: verificationIdParams, response: { 200: verifiableCredentialSchema } },
    },
    async (request, reply) => {
      const credential = await app.services.credentials.ownCredential(
        signedInUser(request).accountId,
        request.params.id,
      );
      return reply.header('cache-control', 'private, no-store').send(credential);
    },
  );
};

export default verificationFilesRoutes;
