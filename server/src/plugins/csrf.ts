// Double-submit CSRF protection as the SPA expects (spec 7): a readable csrftoken cookie, echoed in X-CSRFTOKEN.
// Only requests that rely on the browser's cookies need it; bearer-token and cookie-less API clients pass.
import { randomBytes, timingSafeEqual } from 'node:crypto';

import fp from 'fastify-plugin';

import { isHttpsDeployment } from '../config';
import { AppError } from '../lib/app-error';

import type { FastifyRequest } from 'fastify';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBearerToken(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
}

// Hashed assets are cached publicly; a Set-Cookie there could hand one visitor's token to everyone.
function isPubliclyCached(request: FastifyRequest): boolean {
  return request.url.startsWith('/assets/') || request.url.startsWith('/v/assets/');
}

function needsCsrfCheck(request: FastifyRequest): boolean {
  return (
    STATE_CHANGING_METHODS.has(request.method) &&
    request.url.startsWith('/api/') &&
    request.cookies[CSRF_COOKIE] !== undefined &&
    !hasBearerToken(request)
  );
}

function tokensMatch(cookieToken: string, headerToken: unknown): boolean {
  if (typeof headerToken !== 'string') return false;
  const expected = Buffer.from(cookieToken);
  const received = Buffer.from(headerToken);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

function csrfFailure(): AppError {
  return new AppError({
    statusCode: 403,
    code: 'csrf_failed',
    message: 'CSRF token missing or incorrect.',
  });
}

export default fp(
  async (app) => {
    const cookieOptions = {
      path: '/',
      sameSite: 'lax',
      httpOnly: false, // the SPA reads it to send the header
      secure: isHttpsDeployment(app.config),
      maxAge: COOKIE_MAX_AGE_SECONDS,
    } as const;

    app.addHook('onRequest', async (request, reply) => {
      const cookieToken = request.cookies[CSRF_COOKIE];
      if (cookieToken === undefined && !isPubliclyCached(request)) {
        reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), cookieOptions);
      }
      if (needsCsrfCheck(request) && !tokensMatch(cookieToken!, request.headers[CSRF_HEADER])) {
        throw csrfFailure();
      }
    });
  },
  { name: 'csrf', dependencies: ['config', '@fastify/cookie'] },
);
