// Uppy's Companion, the file-import service the picker calls for link import (url/meta, url/get) and cloud
// sources, mounted under /companion. It fetches a file and posts it, with the user's bearer token, to our own
// /api/uploads/ — the only destination it accepts — and reports progress over a WebSocket on the same server.
// With REDIS_URL (several instances), Companion keeps its uploads' state and progress events in Redis, so the
// progress socket may land on any instance, and the cloud sources' sign-in sessions are kept there too.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import middie from '@fastify/middie';

import { COMPANION_PATH, UPLOADS_PATH } from '@common/uploads';

import { notFoundError } from '../lib/app-error';
import { EDIT_VERIFICATIONS } from '../routes/api/verifications/access';
import { getGeneratedSecret } from '../services/app-settings/get-generated-secret';
import { configuredCloudSources } from '../services/uploads/cloud-sources';

import { assertAllowed, userOfBearer } from './auth';

import type { Config } from '../config';
import type { FastifyPluginAsync } from 'fastify';
import type Redis from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

// Companion's own express-session (and its Redis store), for the cloud sources' OAuth sign-in.
const companionRequire = createRequire(require.resolve('@uppy/companion'));

const SESSION_KEY_PREFIX = 'qrv:companion-session:';

// Companion's own names for the providers it knows.
const PROVIDER_OPTION_NAMES = {
  drive: 'drive',
  dropbox: 'dropbox',
  onedrive: 'onedrive',
  box: 'box',
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function companionOptions(config: Config, secret: string, filePath: string) {
  const publicUrl = new URL(config.PUBLIC_URL);
  const providerOptions = Object.fromEntries(
    configuredCloudSources(config).map(({ source, key, secret: providerSecret }) => [
      PROVIDER_OPTION_NAMES[source],
      { key, secret: providerSecret },
    ]),
  );
  return {
    secret,
    filePath,
    server: {
      host: publicUrl.host,
      protocol: publicUrl.protocol.replace(':', ''),
      path: COMPANION_PATH,
    },
    providerOptions,
    enableUrlEndpoint: true,
    allowLocalUrls: config.COMPANION_ALLOW_LOCAL_URLS,
    // Companion reads each entry as a regular expression: anchored, so nothing else can pass as our endpoint.
    uploadUrls: [`^${escapeRegExp(`${config.PUBLIC_URL}${UPLOADS_PATH}`)}$`],
    corsOrigins: [publicUrl.origin],
    maxFileSize: config.UPLOAD_MAX_BYTES,
    // Its Prometheus endpoint would be public; the app has its own health check.
    metrics: false,
    // Companion makes its own client from these (ioredis), connected on its first use, and prefixes its
    // progress events.
    ...(config.REDIS_URL && {
      redisUrl: config.REDIS_URL,
      redisOptions: { lazyConnect: true },
      redisPubSubScope: 'qrv:companion',
    }),
  };
}

// Express matches routes in any case and lets repeated slashes through: '/companion/URL/meta' is its url/meta.
const LINK_IMPORT_PATH = new RegExp(`^${escapeRegExp(COMPANION_PATH)}/+url(/|$)`, 'i');

function isLinkImportPath(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: Express cannot route it to url/ either, but the raw path is checked all the same.
  }
  return LINK_IMPORT_PATH.test(pathname) || LINK_IMPORT_PATH.test(decoded);
}

// Companion answers 500 when a link cannot be fetched (no such host, a 404, a private address): that is the
// link's fault, not the server's, so the answer becomes 422 with Companion's own message.
const linkFailureAsClientError: Middleware = (_request, response, next) => {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((statusCode: number, ...rest: unknown[]) =>
    writeHead(statusCode >= 500 ? 422 : statusCode, ...rest)) as typeof response.writeHead;
  next();
};

// The OAuth dance with a cloud provider keeps its state in a session (Companion's own express-session).
// In Redis when there is one: the provider may send the user back to another instance than the one they left from.
function withProviderSession(
  companionApp: Middleware,
  options: ReturnType<typeof companionOptions>,
  secret: string,
  redis: Redis | null,
): Middleware {
  if (Object.keys(options.providerOptions).length === 0) return companionApp;
  const RedisStore = redis
    ? (companionRequire('connect-redis') as { default: new (options: object) => object }).default
    : undefined;
  const session = (companionRequire('express-session') as (options: object) => Middleware)({
    secret,
    resave: false,
    saveUninitialized: false,
    name: 'companion.sid',
    ...(RedisStore && { store: new RedisStore({ client: redis, prefix: SESSION_KEY_PREFIX }) }),
  });
  return (request, response, next) =>
    session(request, response, (error) =>
      error ? next(error) : companionApp(request, response, next),
    );
}

const companionPlugin: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const filePath = path.join(config.DATA_DIR, 'companion');

  // Companion is large (about 60 MB resident, with the AWS SDK): it is loaded on the first /companion request,
  // so a server whose users never import a link or a cloud file never pays for it. Its progress socket is
  // attached then too: a client opens it only after a request to Companion has started an upload.
  let running: Promise<Middleware> | undefined;
  const start = () =>
    (running ??= (async () => {
      const companion = await import('@uppy/companion');
      await mkdir(filePath, { recursive: true });
      const secret =
        config.COMPANION_SECRET ?? (await getGeneratedSecret(app.db, 'companion_secret'));
      const options = companionOptions(config, secret, filePath);
      const express = companion.app(options).app;
      express.disable('x-powered-by'); // no need to tell anyone what answers
      companion.socket(app.server);
      return withProviderSession(express as unknown as Middleware, options, secret, app.redis);
    })());

  // Fetching a link costs the server bandwidth and reaches other hosts: only for users who may add documents
  // (the staged upload it feeds needs the same). Cloud sources sign in with the provider instead, and whatever
  // Companion fetches can only go to /api/uploads/.
  app.addHook('onRequest', async (request) => {
    if (isLinkImportPath(request.url)) {
      assertAllowed(await userOfBearer(app.db, request), EDIT_VERIFICATIONS);
    }
  });

  await app.register(middie);
  app.use(`${COMPANION_PATH}/url`, linkFailureAsClientError);
  app.use(COMPANION_PATH, (request, response, next) => {
    start().then((handle) => handle(request, response, next), next);
  });

  // Middleware runs only for requests that reach a route of this plugin; these are answered only when
  // Companion passes a request on (a path it does not know).
  const notFound = async () => {
    throw notFoundError();
  };
  const companionRoute = {
    // Companion's pages (the OAuth hand-back) carry an inline script and talk to the window that opened them.
    config: {
      helmet: {
        contentSecurityPolicy: {
          directives: { defaultSrc: ["'none'"], scriptSrc: ["'unsafe-inline'"] },
        },
        crossOriginOpenerPolicy: false,
      },
    },
  } as const;
  app.all(COMPANION_PATH, companionRoute, notFound);
  app.all(`${COMPANION_PATH}/*`, companionRoute, notFound);
};

export default companionPlugin;
