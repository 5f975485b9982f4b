// Sign-in through another identity provider: POST /api/auth/token/google/ (Google access token conversion),
// POST /api/auth/sso/redirect/ and POST /api/auth/token/sso/ (an organisation's OpenID Connect provider).
import { z } from 'zod';

import { emailField, journeyField, referrerField } from '../../../lib/auth-fields';
import { normaliseEmail } from '../../../lib/email-address';
import { authenticateClient } from '../../../lib/oauth-client';
import { OAuthError } from '../../../lib/oauth-error';
import { signInWithGoogle } from '../../../services/auth/sign-in-with-google';
import { signInWithSso } from '../../../services/auth/sign-in-with-sso';
import { startSsoLogin } from '../../../services/sso/start-sso-login';

import { tokenAnswer } from './answers';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const field = z.string({ error: 'Must be a single text value.' }).optional();

const googleRequest = z.object({
  grant_type: field,
  client_id: field,
  client_secret: field,
  backend: field,
  token: field,
  referrer: referrerField,
  journey: journeyField,
});

const ssoTokenRequest = z.object({
  grant_type: field,
  client_id: field,
  client_secret: field,
  email: field,
  code: field,
  state: field,
});

const ssoRedirectAnswer = z.object({
  auth_url: z.string(),
  data: z.object({ auth_url: z.string() }),
});

function invalidRequest(description: string): OAuthError {
  return new OAuthError('invalid_request', description);
}

function requireGrant(grantType: string | undefined, expected: string): void {
  if (!grantType) throw invalidRequest('grant_type is required.');
  if (grantType !== expected) {
    throw new OAuthError('unsupported_grant_type', `This endpoint takes grant_type=${expected}.`);
  }
}

const externalSignInRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const lifetimes = app.config;
  const limitPerIp = app.limitAttempts({
    max: app.config.RATE_LIMIT_SIGN_IN_PER_IP,
    key: (request) => request.ip,
  });

  routes.post(
    '/token/google/',
    {
      config: { oauthErrors: true },
      schema: {
        body: googleRequest,
        response: { 200: tokenAnswer.extend({ is_new_user: z.boolean() }) },
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
      return signInWithGoogle(
        {
          db: app.db,
          lifetimes,
          google: {
            userinfoUrl: app.config.GOOGLE_USERINFO_URL,
            tokeninfoUrl: app.config.GOOGLE_TOKENINFO_URL,
            clientId: app.config.GOOGLE_CLIENT_ID,
          },
        },
        { accessToken: body.token, referrer: body.referrer, journey: body.journey },
      );
    },
  );

  routes.post(
    '/sso/redirect/',
    {
      schema: { body: z.object({ email: emailField }), response: { 200: ssoRedirectAnswer } },
      onRequest: limitPerIp,
    },
    async (request) => {
      const authUrl = await startSsoLogin(app.db, {
        email: request.body.email,
        publicUrl: app.config.PUBLIC_URL,
      });
      return { auth_url: authUrl, data: { auth_url: authUrl } };
    },
  );

  routes.post(
    '/token/sso/',
    {
      config: { oauthErrors: true },
      schema: { body: ssoTokenRequest, response: { 200: tokenAnswer } },
      onRequest: limitPerIp,
    },
    async (request, reply) => {
      const body = request.body;
      authenticateClient(app.config, body);
      requireGrant(body.grant_type, 'sso_token');
      if (!body.email || !body.code) throw invalidRequest('email and code are required.');
      reply.header('cache-control', 'no-store');
      return signInWithSso(
        { db: app.db, lifetimes },
        {
          email: normaliseEmail(body.email),
          code: body.code,
          state: body.state || undefined,
          publicUrl: app.config.PUBLIC_URL,
        },
      );
    },
  );
};

export default externalSignInRoutes;
