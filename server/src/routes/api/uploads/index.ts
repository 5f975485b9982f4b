// /api/uploads/: documents chosen in the file picker, checked and kept for a day until a verification is made
// from them (POST /api/verifications/ with upload_id). The browser sends local files here; Companion sends
// the files it fetched from a link or a cloud source, with the user's bearer token.
import { z } from 'zod';

import { stagedUploadSchema, uploadIdParams, uploadSourcesSchema } from '@common/uploads-schemas';

import { attachment } from '../../../lib/content-disposition';
import { signedInUser } from '../../../plugins/auth';
import { uploadedFileField } from '../../../plugins/multipart';
import { configuredCloudSources } from '../../../services/uploads/cloud-sources';
import { EDIT_VERIFICATIONS } from '../verifications/access';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

// Uppy adds the file's metadata (name, type, …) as more form fields; only the file counts.
const uploadBody = z.object({ file: uploadedFileField });

const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const uploads = app.services.uploads;
  // Uploads exist only to make verifications; each is the uploader's own until then (by their user id).
  const canEdit = { config: { access: EDIT_VERIFICATIONS } };
  const cloud = configuredCloudSources(app.config).map(({ source }) => source);

  // Uploads left behind when the server stopped, or by users who never came back.
  app.addHook('onReady', async () => {
    try {
      const removed = await uploads.removeExpired();
      if (removed > 0) app.log.info({ removed }, 'Removed expired staged uploads');
    } catch (error) {
      app.log.warn({ err: error }, 'Could not remove expired staged uploads');
    }
  });

  routes.get(
    '/sources/',
    { ...canEdit, schema: { response: { 200: uploadSourcesSchema } } },
    async () => ({ cloud }),
  );

  // Counted per IP before the access or the body is checked. Companion's imports (links, cloud sources) come from
  // the server itself, so request.ip is the server's own address (or the one the proxy sees it from): every
  // user's imports share that one count, which caps them all together at RATE_LIMIT_UPLOADS_PER_IP a minute.
  routes.post(
    '/',
    {
      onRequest: app.limitUploadsPerIp,
      schema: { body: uploadBody, response: { 201: stagedUploadSchema } },
      config: { access: EDIT_VERIFICATIONS, multipartFileLimit: app.config.UPLOAD_MAX_BYTES },
    },
    async (request, reply) =>
      reply.code(201).send(await uploads.stage(signedInUser(request).id, request.body.file)),
  );

  // The bytes back, for the preview of a file that came through Companion and never was in the browser.
  routes.get(
    '/:id/',
    { ...canEdit, schema: { params: uploadIdParams } },
    async (request, reply) => {
      const { record, data } = await uploads.read(signedInUser(request).id, request.params.id);
      return reply
        .type(record.type)
        .header('content-disposition', attachment(record.name))
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  routes.delete(
    '/:id/',
    { ...canEdit, schema: { params: uploadIdParams } },
    async (request, reply) => {
      await uploads.remove(signedInUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default uploadsRoutes;
