import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

import { helmetOptions } from '../../src/plugins/helmet';
import { sharedTestApp } from '../helpers/test-app';

import type { Environment } from '../../src/config';
import type { FastifyInstance, LightMyRequestResponse, RouteShorthandOptions } from 'fastify';

// The CSP only reads SENTRY_DSN. The SDK itself would install process-wide instrumentation that outlives this file
// in its jest worker and wraps later files' route hooks (sentry.test.ts runs it in a child process for that reason).
jest.mock('@sentry/node', () => ({
  init: jest.fn(),
  captureException: jest.fn(),
  flush: jest.fn(async () => true),
}));

const GOOGLE = { GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' };
const HTTPS_WITH_SENTRY = {
  PUBLIC_URL: 'https://qr.example.com',
  SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
  ...GOOGLE,
};

// What Companion's OAuth hand-back pages use: their own CSP and no opener policy.
const COMPANION_LIKE: RouteShorthandOptions = {
  config: {
    helmet: {
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'none'"], scriptSrc: ["'unsafe-inline'"] },
      },
      crossOriginOpenerPolicy: false,
    },
  },
};

const OWN_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'";

function addTestRoutes(app: FastifyInstance): void {
  app.get('/test/plain', async () => ({ ok: true }));
  app.get('/test/companion-like', COMPANION_LIKE, async () => ({ ok: true }));
  app.get('/test/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', OWN_CSP).send({ ok: true }),
  );
}

function testApp(env: Environment = {}): Promise<FastifyInstance> {
  return sharedTestApp({ env }, addTestRoutes);
}

// What @fastify/helmet sent before the headers were worked out once: the reference for byte-identical answers.
async function fastifyHelmetApp(app: FastifyInstance): Promise<FastifyInstance> {
  const reference = Fastify();
  // The same options; @fastify/helmet's types come from helmet's CommonJS declarations, ours from its ES ones.
  const options = helmetOptions(app.config) as unknown as FastifyHelmetOptions;
  await reference.register(fastifyHelmet, options);
  addTestRoutes(reference);
  return reference;
}

// Headers the framework or other plugins send, not helmet.
const OTHER_HEADERS =
  /^(content-type|content-length|date|connection|keep-alive|permissions-policy|x-ratelimit-[\w-]*):/i;

// The header block as it would go on the wire (Node keeps it on the response once written).
function headerLines(response: LightMyRequestResponse): string[] {
  const { _header: block } = response.raw.res as unknown as { _header: string };
  return block.split('\r\n');
}

function securityHeaderLines(response: LightMyRequestResponse): string[] {
  return headerLines(response).filter((line) => line.includes(':') && !OTHER_HEADERS.test(line));
}

async function contentSecurityPolicy(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/api/health/' });
  const directives = String(response.headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim().split(/\s+/));
  return Object.fromEntries(directives.map(([name, ...values]) => [name, values.join(' ')]));
}

describe.each([
  ['over http', {}],
  ['over https with Sentry and Google', HTTPS_WITH_SENTRY],
])('%s', (_name, env) => {
  test.each(['/test/plain', '/test/companion-like', '/test/no-such-route'])(
    '%s carries exactly the headers @fastify/helmet sent',
    async (url) => {
      const app = await testApp(env);
      const reference = await fastifyHelmetApp(app);

      const [actual, expected] = await Promise.all([
        app.inject({ method: 'GET', url }),
        reference.inject({ method: 'GET', url }),
      ]);
      await reference.close();

      expect(securityHeaderLines(actual)).toEqual(securityHeaderLines(expected));
    },
  );
});

test('the important headers, spelled out', async () => {
  const response = await (await testApp(HTTPS_WITH_SENTRY)).inject({ url: '/test/plain' });

  expect(response.headers).toMatchObject({
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'x-content-type-options': 'nosniff',
  });
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
});

test('over plain http there is no HSTS and no upgrade of requests', async () => {
  const response = await (await testApp()).inject({ url: '/test/plain' });

  expect(response.headers['strict-transport-security']).toBeUndefined();
  expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
});

test('with a Sentry DSN, the browser may report to its ingest host', async () => {
  const csp = await contentSecurityPolicy(await testApp(HTTPS_WITH_SENTRY));

  expect(csp['connect-src']).toBe("'self' https://o1.ingest.sentry.io https://accounts.google.com");
});

test('with GOOGLE_CLIENT_ID set, the policy lets Google’s sign-in script, popup and calls through', async () => {
  const csp = await contentSecurityPolicy(await testApp(GOOGLE));

  expect(csp['script-src']).toBe("'self' https://accounts.google.com");
  expect(csp['frame-src']).toBe("'self' https://accounts.google.com");
  expect(csp['connect-src']).toBe("'self' https://accounts.google.com");
});

test('without it, Google is not allowed anywhere', async () => {
  const csp = await contentSecurityPolicy(await testApp());

  expect(csp['script-src']).toBe("'self'");
  expect(csp['frame-src']).toBe("'self'");
  expect(JSON.stringify(csp)).not.toContain('google');
});

test('a route that sets its own CSP on the reply sends that one alone', async () => {
  const response = await (await testApp()).inject({ url: '/test/own-csp' });

  expect(response.headers['content-security-policy']).toBe(OWN_CSP);
  expect(
    headerLines(response).filter((line) => /^content-security-policy:/i.test(line)),
  ).toHaveLength(1);
});

test('every answer carries a Permissions-Policy that denies the powerful features and keeps copying links', async () => {
  const app = await testApp();

  const answers = [
    await app.inject({ method: 'GET', url: '/api/health/' }),
    await app.inject({ method: 'GET', url: '/api/no-such-route/' }),
    await app.inject({ method: 'POST', url: '/api/auth/token/', payload: {} }),
    await app.inject({ method: 'GET', url: '/test/companion-like' }),
  ];

  for (const response of answers) {
    const policy = Object.fromEntries(
      String(response.headers['permissions-policy'])
        .split(',')
        .map((entry) => entry.trim().split('=')),
    );
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'display-capture',
    ]) {
      expect(policy[feature]).toBe('()');
    }
    expect(policy['clipboard-write']).toBe('(self)');
  }
});
