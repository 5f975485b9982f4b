// How the app logs: pino options (level from config, secrets never reach the log) and what a request logs.
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

import type { Config } from './config';

/** Anything with a write method; tests pass one to read the log lines. */
export interface LogStream {
  write(line: string): void;
}

const REDACTED = '[redacted]';

// Keys whose values are credentials wherever they appear: headers, bodies, settings.
const SECRET_KEY = /authorization|cookie|password|token|secret/i;

function isPlainData(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// Walks only plain objects and arrays: errors and requests keep their own serializers.
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (!isPlainData(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [
    key,
    SECRET_KEY.test(key) ? REDACTED : redactSecrets(item),
  ]);
  return Object.fromEntries(entries) as T;
}

// Names of route parameters and query keys whose values are credentials: a mailed link's token (an export, an
// invitation), a Stripe checkout session, anything named as a secret.
const SECRET_URL_PART = /password|token|secret|session/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// A path segment shaped like a generated token: what an address no route answers may still carry.
const TOKEN_SHAPED = /^[A-Za-z0-9_-]{24,}$/;

function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [key] = pair.split('=', 1);
      return SECRET_URL_PART.test(decoded(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The request's URL as logs and error reports show it: the values of secret route parameters and query keys
 * replaced, so a logged link cannot be used (an export link is valid for 24 hours); on an address no route
 * answers, every token-shaped segment.
 */
export function loggedUrl(
  request: Pick<FastifyRequest, 'url' | 'params' | 'routeOptions'>,
): string {
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const secrets = new Set(
    Object.entries((request.params ?? {}) as Record<string, unknown>)
      .filter(([name, value]) => SECRET_URL_PART.test(name) && typeof value === 'string' && value)
      .map(([, value]) => value as string),
  );
  const isRouted = Boolean(request.routeOptions?.url);
  const isSecret = (segment: string) =>
    isRouted ? secrets.has(decoded(segment)) : TOKEN_SHAPED.test(segment);
  const shownPath = path
    .split('/')
    .map((segment) => (isSecret(segment) ? REDACTED : segment))
    .join('/');
  return queryAt === -1
    ? shownPath
    : `${shownPath}?${redactedQuery(request.url.slice(queryAt + 1))}`;
}

export function createLoggerOptions(
  config: Config,
  stream?: LogStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.LOG_LEVEL,
    ...(stream && { stream }),
    formatters: { log: redactSecrets },
    // Fastify's own request serializer adds the client's address and port; public pages promise scans are
    // counted without storing an IP address, and a log is storage. No headers either (X-Forwarded-For).
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request),
        host: request.host,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
  };
}

type RequestLogSettings = Pick<Config, 'LOG_SLOW_REQUEST_MS' | 'LOG_REQUEST_SAMPLE_RATE'>;

/**
 * At most one line per request, written when it is answered: Fastify's own two info lines per request cost a
 * fifth of throughput. A 5xx goes out at error, a slow answer at warn, and a sample of the rest at info.
 * Fastify's other lines (stream and serializer failures) stay as they are.
 */
export class RequestLogController extends LogController {
  // The errors plugin logs a thrown error with its stack; a second line for its 5xx would say nothing new.
  readonly #threwError = new WeakSet<FastifyRequest>();

  constructor(private readonly settings: RequestLogSettings) {
    super();
  }

  /** For an onError hook: the request's error reached the errors plugin, which logs it. */
  noteThrownError(request: FastifyRequest): void {
    this.#threwError.add(request);
  }

  override incomingRequest(): void {
    // Logged once, on completion, when at all.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode >= 500) {
      if (!this.#threwError.has(request)) request.log.error(line, 'server error');
    } else if (this.isSlow(reply)) {
      request.log.warn(line, 'slow request');
    } else if (Math.random() < this.settings.LOG_REQUEST_SAMPLE_RATE) {
      request.log.info(line, 'request completed');
    }
  }

  private isSlow(reply: FastifyReply): boolean {
    const slowMs = this.settings.LOG_SLOW_REQUEST_MS;
    return slowMs > 0 && reply.elapsedTime >= slowMs;
  }
}
