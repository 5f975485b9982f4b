// Pino options for the app's logger: level from config, and secrets never reach the log.
import type { Config } from './config';
import type { FastifyServerOptions } from 'fastify';

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
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
  };
}
