// /api/uploads/: documents chosen in the file picker, checked and kept for a day until a verification is made
// from them (POST /api/verifications/ with upload_id). The browser sends local files here; Companion sends
// the files it fetched from a link or a cloud source, with the user's bearer token.
import { z } from 'zod';

import { CLOUD_SOURCES } from '@common/uploads';

import { configuredCloudSources } from '../../../lib/cloud-sources';
import { attachment } from '../../../lib/content-disposition';
import { readStagedUpload } from '../../../services/uploads/read-staged-upload';
import { removeExpiredUploads } from '../../../services/uploads/remove-expired-uploads';
import { removeStagedUpload } from '../../../services/uploads/remove-staged-upload';
import { stageUpload } from '../../../services/uploads/stage-upload';
import { isUploadId, toStagedUpload } from '../../../services/uploads/staged-uploads';
import { uploadedFileField } from '../verifications/fields';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const stagedUploadAnswer = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
  expires_at: z.string(),
});

// Uppy adds the file's metadata (name, type, …) as more form fields; only the file counts.
const uploadBody = z.object({ file: uploadedFileField });
const idParams = z.object({ id: z.string() });

const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { storage: app.storage, config: app.config };
  const signedIn = { onRequest: app.requireUser };
  const cloud = configuredCloudSources(app.config).map(({ source }) => source);

  // Uploads left behind when the server stopped, or by users who never came back.
  app.addHook('onReady', async () => {
    try {
      const removed = await removeExpiredUploads(app.storage, new Date());
      if (removed > 0) app.log.info({ removed }, 'Removed expired staged uploads');
    } catch (error) {
      app.log.warn({ err: error }, 'Could not remove expired staged uploads');
    }
  });

  routes.get(
    '/sources/',
    {
      ...signedIn,
      schema: { response: { 200: z.object({ cloud: z.array(z.enum(CLOUD_SOURCES)) }) } },
    },
    async () => ({ cloud }),
  );

  routes.post(
    '/',
    {
      ...signedIn,
      schema: { body: uploadBody, response: { 201: stagedUploadAnswer } },
      config: { multipartFileLimit: app.config.UPLOAD_MAX_BYTES },
    },
    async (request, reply) => {
      const record = await stageUpload(deps, request.user!.id, request.body.file);
      return reply.code(201).send(toStagedUpload(record));
    },
  );

  // The bytes back, for the preview of a file that came through Companion and never was in the browser.
  routes.get('/:id/', { ...signedIn, schema: { params: idParams } }, async (request, reply) => {
    const { record, data } = await readStagedUpload(
      app.storage,
      request.user!.id,
      request.params.id,
    );
    return reply
      .type(record.type)
      .header('content-disposition', attachment(record.name))
      .header('cache-control', 'private, no-store')
      .send(data);
  });

  routes.delete('/:id/', { ...signedIn, schema: { params: idParams } }, async (request, reply) => {
    if (isUploadId(request.params.id)) {
      await removeStagedUpload(app.storage, request.user!.id, request.params.id);
    }
    return reply.code(204).send();
  });
};

export default uploadsRoutes;
