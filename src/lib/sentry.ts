// Error reporting (spec sections 7, 8): on only when the build carries a DSN.
import * as Sentry from '@sentry/react';

import { env } from '@/config/env';

/** Starts Sentry when a DSN is configured; answers whether it did. */
export function initSentry(dsn: string = env.SENTRY_DSN): boolean {
  if (!dsn) return false;
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 0.5,
    // Only our own API gets trace headers; third-party hosts would reject them on CORS.
    tracePropagationTargets: [/^\/api\//],
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  });
  return true;
}

export interface ServerErrorReport {
  endpointName: string;
  status: number;
  body: unknown;
}

/** A 5xx answer is our fault, never the user's, so each one is reported. */
export function reportServerError({ endpointName, status, body }: ServerErrorReport): void {
  Sentry.captureMessage(`API ${endpointName} answered ${status}`, {
    level: 'error',
    tags: { endpoint: endpointName, status: String(status) },
    extra: { body },
  });
}

export function reportRouteError(error: unknown): void {
  Sentry.captureException(error, { tags: { boundary: 'route' } });
}
