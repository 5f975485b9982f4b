// Double-submit CSRF protection as the SPA does it: a readable csrftoken cookie, echoed in the X-CSRFTOKEN header.
// Only requests that rely on the browser's cookies need it; bearer-token and cookie-less API clients pass.
import { randomBytes, timingSafeEqual } from 'node:crypto';

import fp from 'fastify-plugin';

import { isHttpsDeployment } from '../config';
import { AppError } from '../lib/app-error';

import type { FastifyReply, FastifyRequest } from 'fastify';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives a visitor without one a token the SPA can read. Called only where the SPA's HTML is served: every other
 * answer (JSON, /v/ pages, assets, 404s) stays free of Set-Cookie, so it costs no random draw and stays cacheable.
 * Usage from a route or plugin registered after @fastify/cookie: `setCsrfCookie(request, reply)`.
 */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[CSRF_COOKIE] !== undefined) return;
  reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    httpOnly: false, // the SPA reads it to send the header
    secure: isHttpsDeployment(request.server.config),
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

function hasBearerToken(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
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
    app.addHook('onRequest', async (request) => {
      if (
        needsCsrfCheck(request) &&
        !tokensMatch(request.cookies[CSRF_COOKIE]!, request.headers[CSRF_HEADER])
      ) {
        throw csrfFailure();
      }
    });
  },
  { name: 'csrf', dependencies: ['config', '@fastify/cookie'] },
);
