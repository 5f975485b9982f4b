// Error reporting: on only when a DSN is configured. @sentry/react (with its session replay, about
// a third of the old entry chunk) is fetched once the page has loaded and the browser is idle, so
// it never delays the first paint. Reports and uncaught errors before then wait in a short queue.
import { env } from '@/config/env';
import { redactSecrets, redactUrl } from '@/lib/secrets';

import type { Breadcrumb, ErrorEvent as SentryEvent } from '@sentry/react';

type SentryModule = typeof import('@sentry/react');
type Report = (sentry: SentryModule) => void;

/** Enough for a burst of early failures without holding memory if Sentry never arrives. */
const MAX_QUEUED_REPORTS = 20;

let sentry: SentryModule | undefined;
let queuedReports: Report[] | undefined;

function report(send: Report): void {
  if (sentry) send(sentry);
  else if (queuedReports && queuedReports.length < MAX_QUEUED_REPORTS) queuedReports.push(send);
}

/** Uncaught errors before Sentry's own handlers exist, reported once it has started. */
function queueUncaughtErrors(): () => void {
  const onError = (event: ErrorEvent) =>
    report((loaded) => loaded.captureException(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) =>
    report((loaded) => loaded.captureException(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

function whenPageIsIdle(run: () => void): void {
  const runWhenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') runWhenIdle();
  else window.addEventListener('load', runWhenIdle, { once: true });
}

/** Breadcrumb data that holds an address: a call's URL, a navigation's from and to. */
const URL_FIELDS = new Set(['url', 'from', 'to']);

/** A breadcrumb without secrets: a call's or navigation's address included (an SSO provider's ?code=). */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const scrubbed = redactSecrets(breadcrumb);
  if (!scrubbed.data) return scrubbed;
  const data = Object.fromEntries(
    Object.entries(scrubbed.data).map(([name, value]) => [
      name,
      URL_FIELDS.has(name) && typeof value === 'string' ? redactUrl(value) : value,
    ]),
  );
  return { ...scrubbed, data };
}

/**
 * A safeguard for what reaches Sentry: the error body a server error report attaches, the page's address and the
 * breadcrumbs, with secrets masked as Redux DevTools masks them. Session replays keep Sentry's own masking.
 */
export function scrubEvent(event: SentryEvent): SentryEvent {
  const scrubbed = redactSecrets(event);
  return {
    ...scrubbed,
    ...(scrubbed.request?.url && {
      request: { ...scrubbed.request, url: redactUrl(scrubbed.request.url) },
    }),
    ...(scrubbed.breadcrumbs && { breadcrumbs: scrubbed.breadcrumbs.map(scrubBreadcrumb) }),
  };
}

/** Loads and starts Sentry now, then sends what was queued; answers whether a DSN turned it on. */
export async function initSentry(dsn: string = env.SENTRY_DSN): Promise<boolean> {
  if (!dsn) return false;
  queuedReports ??= [];
  const loaded = await import(/* webpackChunkName: "sentry" */ '@sentry/react');
  loaded.init({
    dsn,
    integrations: [loaded.browserTracingIntegration(), loaded.replayIntegration()],
    tracesSampleRate: 0.5,
    // Only our own API gets trace headers; third-party hosts would reject them on CORS.
    tracePropagationTargets: [/^\/api\//],
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  sentry = loaded;
  queuedReports.splice(0).forEach((send) => send(loaded));
  return true;
}

/** Starts Sentry after the first paint when a DSN is configured; until then reports are queued. */
export function initSentryWhenIdle(dsn: string = env.SENTRY_DSN): void {
  if (!dsn) return;
  queuedReports ??= [];
  const stopQueueingUncaughtErrors = queueUncaughtErrors();
  whenPageIsIdle(() => {
    initSentry(dsn)
      .catch((error: unknown) => {
        queuedReports = undefined;
        console.warn('Sentry could not be loaded; errors go unreported.', error);
      })
      .finally(stopQueueingUncaughtErrors);
  });
}

export interface ServerErrorReport {
  endpointName: string;
  status: number;
  body: unknown;
}

/** A 5xx answer is our fault, never the user's, so each one is reported. */
export function reportServerError({ endpointName, status, body }: ServerErrorReport): void {
  report((loaded) =>
    loaded.captureMessage(`API ${endpointName} answered ${status}`, {
      level: 'error',
      tags: { endpoint: endpointName, status: String(status) },
      extra: { body },
    }),
  );
}

export function reportRouteError(error: unknown): void {
  report((loaded) => loaded.captureException(error, { tags: { boundary: 'route' } }));
}
