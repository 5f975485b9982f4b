// Sign-in through another identity provider: POST /api/auth/token/google/ (Google access token conversion),
// POST /api/auth/sso/redirect/ and POST /api/auth/token/sso/ (an organisation's OpenID Connect provider).
import { normaliseEmail } from '@common/auth';
import {
  emailOnlySchema,
  googleTokenRequestSchema,
  googleTokenResponseSchema,
  ssoRedirectResponseSchema,
  ssoTokenRequestSchema,
  tokenResponseSchema,
} from '@common/auth-schemas';

import { invalidRequest, unsupportedGrantType } from '../../../services/auth/auth-errors';
import { authenticateClient } from '../../../services/auth/authenticate-client';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

function requireGrant(grantType: string | undefined, expected: string): void {
  if (!grantType) throw invalidRequest('grant_type is required.');
  if (grantType !== expected) {
    throw unsupportedGrantType(`This endpoint takes grant_type=${expected}.`);
  }
}

const externalSignInRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = app.services.auth;
  const limitPerIp = app.limitAttempts({
    name: 'external-sign-in-per-ip',
    max: app.config.RATE_LIMIT_SIGN_IN_PER_IP,
    key: (request) => request.ip,
  });

  routes.post(
    '/token/google/',
    {
      config: { oauthErrors: true, access: 'public' },
      schema: {
        body: googleTokenRequestSchema,
        response: { 200: googleTokenResponseSchema },
      },
      onRequest: limitPerIp,
    },
    async (request, reply) => {
      const body = request.body;
      authenticateClient(app.config, body);
      requireGrant(body.grant_type, 'convert_token');
      if (body.backend !== 'google-oauth2') {
        throw invalidRequest('backend must be google-oauth2.');
      }
      if (!body.token) throw invalidRequest('token is required.');
      reply.header('cache-control', 'no-store');
      return auth.signInWithGoogle({
        accessToken: body.token,
        referrer: body.referrer,
        journey: body.journey,
        userAgent: request.headers['user-agent'],
      });
    },
  );

  routes.post(
    '/sso/redirect/',
    {
      config: { access: 'public' },
      schema: { body: emailOnlySchema, response: { 200: ssoRedirectResponseSchema } },
      onRequest: limitPerIp,
    },
    async (request) => {
      const authUrl = await auth.startSsoLogin(request.body.email);
      return { auth_url: authUrl, data: { auth_url: authUrl } };
    },
  );

  routes.post(
    '/token/sso/',
    {
      config: { oauthErrors: true, access: 'public' },
      schema: { body: ssoTokenRequestSchema, response: { 200: tokenResponseSchema } },
      onRequest: limitPerIp,
    },
    async (request, reply) => {
      const body = request.body;
      authenticateClient(app.config, body);
      requireGrant(body.grant_type, 'sso_token');
      if (!body.email || !body.code) throw invalidRequest('email and code are required.');
      reply.header('cache-control', 'no-store');
      return auth.signInWithSso({
        email: normaliseEmail(body.email),
        code: body.code,
        state: body.state || undefined,
        userAgent: request.headers['user-agent'],
      });
    },
  );
};

export default externalSignInRoutes;
