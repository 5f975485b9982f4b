// Bearer-token authentication: request.user is the signed-in user (or null), and routes that need one
// add `preHandler: app.requireUser`, which answers 401 (the SPA then refreshes its token) otherwise.
import fp from 'fastify-plugin';

import { unauthenticated } from '../lib/auth-errors';
import {
  findUserByAccessToken,
  type AuthenticatedUser,
} from '../services/auth/find-user-by-access-token';

import type { preHandlerAsyncHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export default fp(
  async (app) => {
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (token && request.url.startsWith('/api/')) {
        request.user = (await findUserByAccessToken(app.db, token)) ?? null;
      }
    });

    app.decorate('requireUser', async (request) => {
      if (!request.user) throw unauthenticated();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
