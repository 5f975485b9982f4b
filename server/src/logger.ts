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
        url: request.url,
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
