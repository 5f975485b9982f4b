// /api/verifications/: the account's verifications: secure a document (staged through /api/uploads/ and
// named by upload_id in a JSON body, or sent as a multipart form's file), list, read, edit, revoke, delete, see
// its scans and the dashboard figures. Downloads of its files are in files.ts.
import { z } from 'zod';

import {
  expiryAfterIssue,
  newVerificationFields,
  revokeVerificationSchema,
  verificationChangesSchema,
  verificationIdParams,
  verificationListQuerySchema,
  verificationPageSchema,
  verificationScansSchema,
  verificationSchema,
  verificationStatsSchema,
} from '@common/verifications-schemas';

import { named } from '../../../lib/named-plugin';
import { signedInUser } from '../../../plugins/auth';
import { uploadedFileField } from '../../../plugins/multipart';

import { EDIT_VERIFICATIONS, VIEW_VERIFICATIONS } from './access';
import verificationFilesRoutes from './files';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

// The document comes as a file in the form, or as the id of one staged through /api/uploads/.
function oneDocument(
  value: { file?: unknown; upload_id?: string },
  context: z.RefinementCtx,
): void {
  if (value.file === undefined && value.upload_id === undefined) {
    context.addIssue({ code: 'custom', path: ['file'], message: 'This field is required.' });
  } else if (value.file !== undefined && value.upload_id !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['file'],
      message: 'Send either a file or an upload_id, not both.',
    });
  }
}

// JSON and forms share the fields; only a form can carry the file itself.
const createBody = newVerificationFields
  .extend({ file: uploadedFileField.optional() })
  // Also when other fields fail, so a form without a document hears about it with the rest.
  .superRefine(oneDocument, { when: () => true })
  .superRefine(expiryAfterIssue);

// The access rule is checked before the body is read or validated: without a token the answer is 401.
const canView = { config: { access: VIEW_VERIFICATIONS } };
const canEdit = { config: { access: EDIT_VERIFICATIONS } };

const verificationsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const verifications = app.services.verifications;

  routes.post(
    '/',
    {
      // Counted per IP before anything else: an over-limit client is refused before its access or body is checked.
      onRequest: app.limitUploadsPerIp,
      schema: { body: createBody, response: { 201: verificationSchema } },
      config: { access: EDIT_VERIFICATIONS, multipartFileLimit: app.config.UPLOAD_MAX_BYTES },
    },
    async (request, reply) => {
      const { file, upload_id: uploadId, template_id: templateId, ...fields } = request.body;
      const document = uploadId ? { upload_id: uploadId } : { file: file! };
      const verification = await verifications.createFromUpload(signedInUser(request), {
        ...fields,
        document,
        template_id: templateId,
      });
      return reply.code(201).send(verification);
    },
  );

  routes.get(
    '/',
    {
      ...canView,
      schema: {
        querystring: verificationListQuerySchema,
        response: { 200: verificationPageSchema },
      },
    },
    async (request) => verifications.list(signedInUser(request).accountId, request.query),
  );

  routes.get(
    '/stats/',
    { ...canView, schema: { response: { 200: verificationStatsSchema } } },
    async (request) => verifications.getStats(signedInUser(request).accountId),
  );

  routes.get(
    '/:id/',
    {
      ...canView,
      schema: { params: verificationIdParams, response: { 200: verificationSchema } },
    },
    async (request) => verifications.find(signedInUser(request).accountId, request.params.id),
  );

  routes.patch(
    '/:id/',
    {
      ...canEdit,
      schema: {
        params: verificationIdParams,
        body: verificationChangesSchema,
        response: { 200: verificationSchema },
      },
    },
    async (request) => verifications.update(signedInUser(request), request.params.id, request.body),
  );

  routes.delete(
    '/:id/',
    { ...canEdit, schema: { params: verificationIdParams } },
    async (request, reply) => {
      const leftBehind = await verifications.delete(signedInUser(request), request.params.id);
      if (leftBehind.length > 0) {
        request.log.warn({ keys: leftBehind }, 'Deleted verification files could not be removed');
      }
      return reply.code(204).send();
    },
  );

  routes.post(
    '/:id/revoke/',
    {
      ...canEdit,
      schema: {
        params: verificationIdParams,
        body: revokeVerificationSchema,
        response: { 200: verificationSchema },
      },
    },
    async (request) => verifications.revoke(signedInUser(request), request.params.id, request.body),
  );

  routes.get(
    '/:id/scans/',
    {
      ...canView,
      schema: { params: verificationIdParams, response: { 200: verificationScansSchema } },
    },
    async (request) => verifications.listScans(signedInUser(request).accountId, request.params.id),
  );

  await app.register(named(verificationFilesRoutes));
};

export default verificationsRoutes;
