// POST /api/auth/token/ (password and refresh_token grants) and POST /api/auth/token/revoke/ (RFC 7009).
// Form bodies only (multipart or urlencoded), as OAuth clients send them; errors in RFC 6749's shape.
import { z } from 'zod';

import { normaliseEmail } from '../../../lib/email-address';
import { authenticateClient } from '../../../lib/oauth-client';
import { OAuthError } from '../../../lib/oauth-error';
import { refreshTokens } from '../../../services/auth/refresh-tokens';
import { revokeToken } from '../../../services/auth/revoke-token';
import { signInWithPassword } from '../../../services/auth/sign-in-with-password';

import { tokenAnswer } from './answers';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

// Every field optional here: the handler checks them in OAuth's order (client first, then grant).
const field = z.string({ error: 'Must be a single text value.' }).optional();

const tokenRequest = z.object({
  grant_type: field,
  client_id: field,
  client_secret: field,
  email: field,
  username: field,
  password: field,
  refresh_token: field,
});

const revocationRequest = z.object({
  client_id: field,
  client_secret: field,
  token: field,
  token_type_hint: field,
});

function invalidRequest(description: string): OAuthError {
  return new OAuthError('invalid_request', description);
}

async function requireFormBody(request: FastifyRequest): Promise<void> {
  if (!FORM_TYPES.test(request.headers['content-type'] ?? '')) {
    throw invalidRequest(
      'Send this request as application/x-www-form-urlencoded or multipart/form-data.',
    );
  }
}

// Sign-in attempts are counted per email and per IP; refreshing is not counted.
function passwordGrantEmail(request: FastifyRequest): string | undefined {
  const body = request.body as z.infer<typeof tokenRequest>;
  const email = body.email ?? body.username;
  return body.grant_type === 'password' && email ? normaliseEmail(email) : undefined;
}

function passwordGrantIp(request: FastifyRequest): string | undefined {
  return passwordGrantEmail(request) === undefined ? undefined : request.ip;
}

const tokenRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const lifetimes = app.config;

  routes.post(
    '/token/',
    {
      config: { oauthErrors: true },
      schema: { body: tokenRequest, response: { 200: tokenAnswer } },
      preValidation: requireFormBody,
      preHandler: [
        app.limitAttempts({ max: app.config.RATE_LIMIT_SIGN_IN_PER_IP, key: passwordGrantIp }),
        app.limitAttempts({
          max: app.config.RATE_LIMIT_SIGN_IN_PER_EMAIL,
          key: passwordGrantEmail,
        }),
      ],
    },
    async (request, reply) => {
      const body = request.body;
      authenticateClient(app.config, body);
      reply.header('cache-control', 'no-store');
      switch (body.grant_type) {
        case 'password': {
          const email = body.email ?? body.username;
          if (!email || !body.password) throw invalidRequest('Email and password are required.');
          return signInWithPassword(
            { db: app.db, mailer: app.mailer, lifetimes },
            { email: normaliseEmail(email), password: body.password },
          );
        }
        case 'refresh_token':
          if (!body.refresh_token) throw invalidRequest('refresh_token is required.');
          return refreshTokens(app.db, lifetimes, body.refresh_token);
        case undefined:
        case '':
          throw invalidRequest('grant_type is required.');
        default:
          throw new OAuthError(
            'unsupported_grant_type',
            'This grant type is not supported here: use password or refresh_token.',
          );
      }
    },
  );

  routes.post(
    '/token/revoke/',
    {
      config: { oauthErrors: true },
      schema: { body: revocationRequest, response: { 200: z.object({}) } },
      preValidation: requireFormBody,
    },
    async (request) => {
      authenticateClient(app.config, request.body);
      if (!request.body.token) throw invalidRequest('token is required.');
      await revokeToken(app.db, request.body.token);
      return {};
    },
  );
};

export default tokenRoutes;
