// /v/logos/{templateId}/{file}: a template's logo for its public pages (and the editor). The file name carries the
// logo's hash, so an address never changes content and is cached for good. An SVG is served under a CSP that runs
// nothing and loads nothing, so opening it directly cannot run a script on our origin.
import { z } from 'zod';

import { notFoundError } from '../../lib/app-error';

import type { ZodTypeProvider } from '../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const SVG_LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const logoRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/:templateId/:file',
      { schema: { params: z.object({ templateId: z.string(), file: z.string() }) } },
      async (request, reply) => {
        const { templateId, file } = request.params;
        const logo = await app.services.publicPages.getLogo(templateId, file);
        if (!logo) throw notFoundError();
        if (logo.content_type === 'image/svg+xml') {
          reply.header('content-security-policy', SVG_LOGO_CSP);
        }
        return reply
          .type(logo.content_type)
          .header('content-length', logo.size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
          .send(logo.stream);
      },
    );
};

export default logoRoutes;
