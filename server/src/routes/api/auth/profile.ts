// GET and PATCH /api/auth/profile/: the signed-in user's profile.
import { z } from 'zod';

import { firstNameField, industryField, lastNameField } from '../../../lib/auth-fields';
import { getProfile } from '../../../services/auth/get-profile';
import { updateProfile } from '../../../services/auth/update-profile';

import { profileAnswer } from './answers';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const profileChanges = z.object({
  first_name: firstNameField.optional(),
  last_name: lastNameField.optional(),
  industry: industryField.nullable().optional(),
});

const profileRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/profile/',
    { schema: { response: { 200: profileAnswer } }, preHandler: app.requireUser },
    async (request) => getProfile(app.db, request.user!.id),
  );

  routes.patch(
    '/profile/',
    {
      schema: { body: profileChanges, response: { 200: profileAnswer } },
      // Authentication before validation: without a token the answer is 401, whatever the body.
      preValidation: app.requireUser,
    },
    async (request) => updateProfile(app.db, request.user!.id, request.body),
  );
};

export default profileRoutes;
