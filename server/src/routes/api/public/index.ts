// /api/public/: what anyone may read without signing in: a verification's public view by its code, with the
// design of the template its page renders with.
import { z } from 'zod';

import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';

import { notFoundError } from '../../../lib/app-error';
import { isPublicCode } from '../../../services/verifications/public-code';
import { isoDate, toPublicVerification } from '../../../services/verifications/public-verification';
import { templateDesignAnswer } from '../templates/answers';
import { publicVerificationAnswer } from '../verifications/answers';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const publicRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/verifications/:code/',
    {
      schema: {
        params: z.object({ code: z.string() }),
        response: { 200: publicVerificationAnswer.extend({ template: templateDesignAnswer }) },
      },
    },
    async (request, reply) => {
      const code = request.params.code.toLowerCase();
      const record = isPublicCode(code) ? await app.publicRecords.get(code) : null;
      if (!record) throw notFoundError();
      const template = await app.publicTemplates.get(record.template_id);
      reply.header('cache-control', 'no-store');
      return {
        ...toPublicVerification(record, isoDate()),
        template: template?.design ?? DEFAULT_TEMPLATE_DESIGN,
      };
    },
  );
};

export default publicRoutes;
