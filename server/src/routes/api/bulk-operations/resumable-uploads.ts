// /api/bulk-operations/uploads/resumable: the bulk staging as tus resumable uploads (services/bulk/
// resumable-uploads.ts). Fastify signs the request in and checks the access rule; the tus server reads the body
// itself, so the pieces are never parsed or buffered here.
import { signedInUser, type AreaAccess } from '../../../plugins/auth';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

const EDIT_BULK: AreaAccess = { area: 'bulk', level: 'edit' };

const resumableUploadRoutes: FastifyPluginAsync = async (app) => {
  const uploads = app.services.bulk.resumableUploads;
  // A piece's bytes stay in the request stream for the tus server.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = signedInUser(request).id;
    const { id } = request.params as { id?: string };
    await uploads.check(request.raw, userId, id);
    reply.hijack();
    await uploads.handle(request.raw, reply.raw, userId);
  };
  const config = { access: EDIT_BULK };

  app.post('/uploads/resumable', { onRequest: app.limitUploadsPerIp, config }, answer);
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({ method, url: '/uploads/resumable/:id', config, handler: answer });
  }
};

export default resumableUploadRoutes;
