// The one error handler: every failure leaves as { error: { message, code?, details? } } (common/api-error.ts),
// except on the OAuth token endpoints, which answer RFC 6749's { error, error_description }.
// Client mistakes keep a helpful message; anything unexpected is logged, reported, and answered without internals.
import { STATUS_CODES } from 'node:http';

import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error';
import { formatBytes } from '../lib/format-bytes';
import { loggedUrl } from '../logger';
import { OAuthError } from '../services/auth/oauth-error';

import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is an OAuth endpoint: its client errors answer { error, error_description } (RFC 6749). */
    oauthErrors?: boolean;
  }
}

const ACCEPTED_CONTENT_TYPES =
  'application/json, application/x-www-form-urlencoded or multipart/form-data';

function malformedJson(): AppError {
  return new AppError({ statusCode: 400, code: 'malformed_json', message: 'Malformed JSON body' });
}

function unsupportedMediaType(request: FastifyRequest): AppError {
  const contentType = request.headers['content-type'] ?? 'none';
  return new AppError({
    statusCode: 415,
    code: 'unsupported_media_type',
    message: `Unsupported content type "${contentType}". Send ${ACCEPTED_CONTENT_TYPES}.`,
  });
}

function bodyTooLarge(limit: number): AppError {
  return new AppError({
    statusCode: 413,
    code: 'body_too_large',
    message: `Request body is larger than the ${formatBytes(limit)} limit.`,
  });
}

function internalError(supportEmail: string): AppError {
  return new AppError({
    statusCode: 500,
    code: 'internal_error',
    message: `Something went wrong. Please reach out to us at ${supportEmail}`,
  });
}

// On a token endpoint a malformed or invalid request is invalid_request; rate limits keep the API envelope
// the SPA reads for every 429.
function asOAuthError(
  error: AppError | OAuthError,
  request: FastifyRequest,
): OAuthError | AppError {
  if (error instanceof OAuthError) return error;
  if (!request.routeOptions.config?.oauthErrors) return error;
  if (error.statusCode >= 500 || error.code === 'rate_limited') return error;
  return new OAuthError('invalid_request', error.message, error.statusCode);
}

function isClientError(error: FastifyError): boolean {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}

function toAppError(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): AppError | OAuthError | undefined {
  if (error instanceof AppError || error instanceof OAuthError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return malformedJson();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(request);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(request.routeOptions.bodyLimit ?? bodyLimit);
  }
  // Other client errors raised by Fastify or its plugins already carry a status and a readable message.
  if (isClientError(error)) {
    return new AppError({
      statusCode: error.statusCode as number,
      code: 'bad_request',
      message: error.message,
    });
  }
  return undefined;
}

// What Node could not read as a request. Fastify's own answers carry its envelope, not the API's.
const CONNECTION_ERRORS: Record<string, { statusCode: number; message: string }> = {
  // The client ended its side of the connection before its request ended (a body short of its Content-Length).
  HPE_INVALID_EOF_STATE: {
    statusCode: 400,
    message: 'The request was cut off before it ended. Send it again.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, message: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { statusCode: 431, message: 'The request headers are too large.' },
};
const MALFORMED_REQUEST = { statusCode: 400, message: 'Malformed HTTP request.' };

// What Fastify refuses before routing (with a status of its own), by its code.
const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken %-encoding.',
  // 414: a path parameter over the router's maxParamLength (Fastify's default, 100).
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long: one of its parts is over 100 characters.',
};

/** Fastify's frameworkErrors: what it refuses before routing is answered in the API's envelope, not Fastify's. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = error.statusCode ?? 400;
  const answer = new AppError({
    statusCode,
    code: statusCode >= 500 ? 'internal_error' : 'bad_request',
    message: FRAMEWORK_ERROR_MESSAGES[error.code] ?? STATUS_CODES[statusCode] ?? 'Bad request',
  });
  void reply.code(answer.statusCode).send(answer.toBody());
}

/**
 * Fastify's clientErrorHandler. Answers only on a connection that has carried no answer yet, since these bytes
 * could land inside another answer (one held open while a refused body drains, say); on a kept-alive connection
 * the cut-off request is closed unanswered, as before.
 */
export function answerConnectionError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable && socket.bytesWritten === 0) {
    const { statusCode, message } = CONNECTION_ERRORS[error.code] ?? MALFORMED_REQUEST;
    const body = JSON.stringify(
      new AppError({ statusCode, code: 'bad_request', message }).toBody(),
    );
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    const { BODY_LIMIT_BYTES, SUPPORT_EMAIL } = app.config;
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known = toAppError(error, request, BODY_LIMIT_BYTES);
      const appError = known && asOAuthError(known, request);
      // A full securing queue is the server working as designed, not a fault to report.
      const isUnexpected =
        appError === undefined ||
        (appError.statusCode >= 500 &&
          !(appError instanceof AppError && appError.code === 'server_busy'));
      if (isUnexpected) {
        request.log.error(
          { err: error, method: request.method, url: loggedUrl(request) },
          'Request failed',
        );
        app.reportError(error, request);
      } else {
        request.log.info(
          {
            code: appError instanceof OAuthError ? appError.error : appError.code,
            statusCode: appError.statusCode,
          },
          appError.message,
        );
      }
      const answer = appError ?? internalError(SUPPORT_EMAIL);
      if (answer instanceof AppError && answer.headers) reply.headers(answer.headers);
      return reply.code(answer.statusCode).send(answer.toBody());
    });
  },
  { name: 'errors', dependencies: ['config', 'sentry'] },
);
