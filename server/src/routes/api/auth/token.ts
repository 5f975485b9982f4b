// POST /api/auth/token/ (password and refresh_token grants) and POST /api/auth/token/revoke/ (RFC 7009).
// Form bodies only (multipart or urlencoded), as OAuth clients send them; errors in RFC 6749's shape.
import { normaliseEmail } from '@common/auth';
import {
  tokenRequestSchema,
  tokenResponseSchema,
  tokenRevocationResponseSchema,
  tokenRevocationSchema,
  type TokenRequest,
} from '@common/auth-schemas';

import {
  INVALID_CREDENTIALS,
  invalidRequest,
  unsupportedGrantType,
} from '../../../services/auth/auth-errors';
import { authenticateClient } from '../../../services/auth/authenticate-client';
import { OAuthError } from '../../../services/auth/oauth-error';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

async function requireFormBody(request: FastifyRequest): Promise<void> {
  if (!FORM_TYPES.test(request.headers['content-type'] ?? '')) {
    throw invalidRequest(
      'Send this request as application/x-www-form-urlencoded or multipart/form-data.',
    );
  }
}

// Password sign-ins are counted per IP, per email and IP (the lockout: wrong passwords from one place lock only that
// place out, so nobody can lock an owner out of their account from elsewhere), and failures per email from
// anywhere (a higher limit, against guessing from many addresses, that right passwords never add to).
// Refreshing is not counted.
function passwordGrantEmail(request: FastifyRequest): string | undefined {
  const body = request.body as TokenRequest;
  const email = body.email ?? body.username;
  return body.grant_type === 'password' && email ? normaliseEmail(email) : undefined;
}

function passwordGrantIp(request: FastifyRequest): string | undefined {
  return passwordGrantEmail(request) === undefined ? undefined : request.ip;
}

function passwordGrantEmailAndIp(request: FastifyRequest): string | undefined {
  const email = passwordGrantEmail(request);
  return email === undefined ? undefined : JSON.stringify([email, request.ip]);
}

function isWrongCredentials(error: Error): boolean {
  return error instanceof OAuthError && error.message === INVALID_CREDENTIALS;
}

const tokenRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = app.services.auth;
  const failuresPerEmail = app.limitFailures({
    name: 'sign-in-failures-per-email',
    max: app.config.RATE_LIMIT_SIGN_IN_PER_EMAIL,
    key: passwordGrantEmail,
  });

  routes.post(
    '/token/',
    {
      config: { oauthErrors: true, access: 'public' },
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
      preValidation: requireFormBody,
      preHandler: [
        app.limitAttempts({
          name: 'sign-in-per-ip',
          max: app.config.RATE_LIMIT_SIGN_IN_PER_IP,
          key: passwordGrantIp,
        }),
        app.limitAttempts({
          name: 'sign-in-per-email-and-ip',
          max: app.config.RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP,
          key: passwordGrantEmailAndIp,
        }),
        failuresPerEmail.check,
      ],
      onError: async (request, _reply, error) => {
        if (isWrongCredentials(error)) await failuresPerEmail.recordFailure(request);
      },
    },
    async (request, reply) => {
      const body = request.body;
      authenticateClient(app.config, body);
      reply.header('cache-control', 'no-store');
      switch (body.grant_type) {
        case 'password': {
          const email = body.email ?? body.username;
          if (!email || !body.password) throw invalidRequest('Email and password are required.');
          return auth.signInWithPassword({
            email: normaliseEmail(email),
            password: body.password,
            userAgent: request.headers['user-agent'],
          });
        }
        case 'refresh_token':
          if (!body.refresh_token) throw invalidRequest('refresh_token is required.');
          return auth.refreshTokens(body.refresh_token);
        case undefined:
        case '':
          throw invalidRequest('grant_type is required.');
        default:
          throw unsupportedGrantType(
            'This grant type is not supported here: use password or refresh_token.',
          );
      }
    },
  );

  routes.post(
    '/token/revoke/',
    {
      config: { oauthErrors: true, access: 'public' },
      schema: { body: tokenRevocationSchema, response: { 200: tokenRevocationResponseSchema } },
      preValidation: requireFormBody,
    },
    async (request) => {
      authenticateClient(app.config, request.body);
      if (!request.body.token) throw invalidRequest('token is required.');
      await auth.revokeToken(request.body.token);
      return {};
    },
  );
};

export default tokenRoutes;
