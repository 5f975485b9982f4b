// GET and PATCH /api/auth/profile/: the signed-in user's profile.
import { profileChangesSchema, userProfileSchema } from '@common/auth-schemas';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const profileRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/profile/',
    { schema: { response: { 200: userProfileSchema } }, config: { access: 'signed-in' } },
    async (request) => app.services.auth.getProfile(signedInUser(request).id),
  );

  routes.patch(
    '/profile/',
    {
      schema: { body: profileChangesSchema, response: { 200: userProfileSchema } },
      // The access rule runs before validation: without a token the answer is 401, whatever the body.
      config: { access: 'signed-in' },
    },
    async (request) => app.services.auth.updateProfile(signedInUser(request).id, request.body),
  );
};

export default profileRoutes;
