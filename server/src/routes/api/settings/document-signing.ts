// /api/settings/document-signing/: who signs the account's secured PDFs (docs/signing.md). The owner may upload the
// organisation's own certificate (a .p12/.pfx and its password, checked before it is kept: a 422 says why one
// cannot sign) or remove it, going back to the install's CA.
import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import {
  documentSigningSchema,
  ISSUER_CERTIFICATE_MAX_BYTES,
} from '@common/document-signing-schemas';

import { signedInUser } from '../../../plugins/auth';
import { uploadedFileField } from '../../../plugins/multipart';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const ownerOnly = { access: 'owner' } as const;

const uploadCertificateBody = z.object({
  file: uploadedFileField,
  password: z.string().max(1024, 'The password is too long.'),
});

const documentSigningRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const documentSigning = app.services.documentSigning;

  routes.get(
    '/',
    { config: ownerOnly, schema: { response: { 200: documentSigningSchema } } },
    async (request) => documentSigning.view(signedInUser(request).accountId),
  );

  routes.put(
    '/certificate/',
    {
      onRequest: app.limitUploadsPerIp,
      config: { ...ownerOnly, multipartFileLimit: ISSUER_CERTIFICATE_MAX_BYTES },
      schema: { body: uploadCertificateBody, response: { 200: documentSigningSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const { file, password } = request.body;
      return documentSigning.uploadCertificate(user, await readFile(file.path), password);
    },
  );

  routes.delete('/certificate/', { config: ownerOnly }, async (request, reply) => {
    await documentSigning.removeCertificate(signedInUser(request));
    return reply.code(204).send();
  });
};

export default documentSigningRoutes;
