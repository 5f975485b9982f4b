// Security headers. The CSP fits the SPA: own scripts only, inline styles for MUI/emotion, data:/blob: images
// (QR codes, previews), and never framed. helmet works the headers out from its options on every call, so they are
// worked out once here and replayed on each answer.
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

import { isHttpsDeployment, type Config } from '../config';

import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's helmet options, merged over the app's as @fastify/helmet did. */
    helmet?: HelmetOptions;
  }
}

// The SPA reports to Sentry from the browser, so its ingest host must be reachable.
function sentryOrigins(config: Config): string[] {
  return config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : [];
}

// Google's sign-in library loads from accounts.google.com, opens its popup there and calls it.
const GOOGLE_ACCOUNTS = 'https://accounts.google.com';

function googleOrigins(config: Config): string[] {
  return config.GOOGLE_CLIENT_ID ? [GOOGLE_ACCOUNTS] : [];
}

// Browser features no page of ours uses are denied, so that injected or framed content cannot ask for them.
// The public page's copy check reads a chosen file (no camera); the SPA copies links, so clipboard-write stays.
// The SPA's scanner uses the camera: its document alone allows it (allowScannerFeatures).
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The app's helmet options; exported so a test can check the headers against @fastify/helmet's. */
export function helmetOptions(config: Config): HelmetOptions {
  const https = isHttpsDeployment(config);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...googleOrigins(config)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sentryOrigins(config), ...googleOrigins(config)],
        frameSrc: ["'self'", ...googleOrigins(config)],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain http (local runs) upgrading would point every asset at a port that speaks no TLS.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' }, // the same rule as frame-ancestors 'none', for older browsers
    strictTransportSecurity: https,
    // The social sign-in popup reports back to its opener; plain same-origin would cut that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

const SCRIPT_SRC = /((?:^|;)\s*script-src(?![-\w])[^;]*)/;
// Each policy widened once: the app's and its routes' policies are a handful of fixed strings, and the public page
// asks on every view.
const widenedPolicies = new Map<string, string>();

/**
 * Widens this answer's CSP so its scripts may compile WebAssembly ('wasm-unsafe-eval': WebAssembly only, never
 * eval): the public page's copy check (hash-wasm) and the SPA's QR decoder (zxing-wasm) need it. Only these
 * documents get it; every other answer keeps the app's policy.
 */
export function allowWebAssembly(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  let widened = widenedPolicies.get(csp);
  if (widened === undefined) {
    widened = csp.includes("'wasm-unsafe-eval'")
      ? csp
      : csp.replace(SCRIPT_SRC, "$1 'wasm-unsafe-eval'");
    widenedPolicies.set(csp, widened);
  }
  reply.header('content-security-policy', widened);
}

/**
 * The SPA's document: its scanner (/scan, reached by client-side navigation too) reads the camera and decodes
 * with WebAssembly. The camera stays denied to any other origin and to every other answer.
 */
export function allowScannerFeatures(reply: FastifyReply): void {
  allowWebAssembly(reply);
  reply.header('permissions-policy', PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)'));
}

/** A header to set, or to remove when the value is undefined. */
type HeaderWrite = [name: string, value: string | undefined];

// helmet's middleware only writes headers, so one run against a recorder tells what it writes on every answer.
// A CSP directive given as a function (a per-request nonce) would be frozen by this; none is used.
function recordHelmetHeaders(options: HelmetOptions): HeaderWrite[] {
  const writes: HeaderWrite[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => writes.push([name, value]),
    removeHeader: (name: string) => writes.push([name, undefined]),
  };
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return writes;
}

function securityHeaders(options: HelmetOptions): HeaderWrite[] {
  return [['permissions-policy', PERMISSIONS_POLICY], ...recordHelmetHeaders(options)];
}

function writeHeaders(writes: HeaderWrite[], response: ServerResponse): void {
  for (const [name, value] of writes) {
    if (value === undefined) response.removeHeader(name);
    else response.setHeader(name, value);
  }
}

export default fp(
  async (app) => {
    const appOptions = helmetOptions(app.config);
    const appHeaders = securityHeaders(appOptions);
    // Keyed by the route's own options object, so each route's headers are worked out on its first request only.
    const routeHeaders = new WeakMap<object, HeaderWrite[]>();

    function headersForRoute(routeOptions: HelmetOptions | undefined): HeaderWrite[] {
      if (routeOptions === undefined) return appHeaders;
      let headers = routeHeaders.get(routeOptions);
      if (!headers) {
        headers = securityHeaders(Object.assign({}, appOptions, routeOptions));
        routeHeaders.set(routeOptions, headers);
      }
      return headers;
    }

    // On the raw response, so that Companion's Express answers carry them too; a header the handler sets with
    // reply.header() still wins, as writeHead's headers replace these. Callback style: no promise per request.
    app.addHook('onRequest', (request, reply, done) => {
      writeHeaders(headersForRoute(request.routeOptions.config.helmet), reply.raw);
      done();
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
