// Builds the QR Verify server as a Fastify instance without starting it: server.ts listens, tests inject.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';

import { databaseTargetFromConfig, type DatabaseTarget } from './db/open-database';
import { named } from './lib/named-plugin';
import { zodSerializerCompiler, zodValidatorCompiler } from './lib/zod-schemas';
import { createLoggerOptions, RequestLogController, type LogStream } from './logger';
import afterAnswerPlugin from './plugins/after-answer';
import authPlugin from './plugins/auth';
import bodyRefusalsPlugin from './plugins/body-refusals';
import companionPlugin from './plugins/companion';
import configPlugin from './plugins/config';
import csrfPlugin from './plugins/csrf';
import customDomainHostsPlugin from './plugins/custom-domain-hosts';
import dbPlugin from './plugins/db';
import errorsPlugin, { answerConnectionError, answerFrameworkError } from './plugins/errors';
import gracefulClosePlugin from './plugins/graceful-close';
import helmetPlugin from './plugins/helmet';
import mailPlugin from './plugins/mail';
import metricsPlugin from './plugins/metrics';
import multipartPlugin from './plugins/multipart';
import openapiPlugin from './plugins/openapi';
import passwordHasherPlugin from './plugins/password-hasher';
import queuePlugin from './plugins/queue';
import rateLimitPlugin from './plugins/rate-limit';
import redisPlugin from './plugins/redis';
import sentryPlugin from './plugins/sentry';
import servicesPlugin from './plugins/services';
import spaPlugin from './plugins/spa';
import storagePlugin from './plugins/storage';
import routes from './routes';
import { argon2idPasswordHasher, type PasswordHasher } from './services/auth/password-hasher';

import type { Config } from './config';

export interface BuildAppOptions {
  config: Config;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: LogStream;
  /** Which database to open (default: from config); tests pass a fresh one. */
  database?: DatabaseTarget;
  /** How passwords and one-time codes are hashed (default argon2id); tests pass a fast one. */
  passwordHasher?: PasswordHasher;
}

// Fastify 5.12 fails closed on a numeric trustProxy (it trusts no hop), since a hop count cannot tell the proxy
// from a client that connects directly. A hop count is still what most single-proxy deployments want, when
// only the proxy can reach the port (HOST=127.0.0.1 or a private network), so it is given as a function that
// trusts that many hops, whoever sent them; docs/configuration.md says to list the proxy's addresses otherwise.
function trustProxyOption(
  trustProxy: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

export function buildApp({
  config,
  logStream,
  database,
  passwordHasher = argon2idPasswordHasher,
}: BuildAppOptions): FastifyInstance {
  const requestLog = new RequestLogController(config);
  const app = Fastify({
    logger: createLoggerOptions(config, logStream),
    logController: requestLog,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // request.ip (and so every per-IP limit) is the client's address as the trusted proxies report it.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // Creating a fresh embedded database (initdb in WASM) can take over Fastify's default 10 s on a busy machine.
    pluginTimeout: 60_000,
    // A request Node could not read (cut off mid-body, say) is answered in the API's error envelope.
    clientErrorHandler: answerConnectionError,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  // The errors plugin logs what is thrown, so the request log need not log that 5xx again.
  app.addHook('onError', async (request) => requestLog.noteThrownError(request));

  // Order matters: what later plugins use is registered first; routes and the SPA catch-all come last.
  app.register(configPlugin, { config });
  app.register(gracefulClosePlugin);
  app.register(sentryPlugin);
  // Before the queue and the services, which count into it.
  app.register(metricsPlugin);
  app.register(dbPlugin, { target: database ?? databaseTargetFromConfig(config) });
  app.register(queuePlugin);
  app.register(redisPlugin);
  app.register(mailPlugin);
  app.register(passwordHasherPlugin, { hasher: passwordHasher });
  app.register(storagePlugin);
  app.register(afterAnswerPlugin);
  // Early: a custom domain's Host reaches only its account's public pages, before any other work.
  app.register(customDomainHostsPlugin);
  app.register(cookie);
  app.register(csrfPlugin);
  app.register(helmetPlugin);
  app.register(formbody);
  app.register(multipartPlugin);
  app.register(bodyRefusalsPlugin);
  app.register(rateLimitPlugin);
  app.register(errorsPlugin);
  app.register(authPlugin);
  app.register(servicesPlugin);
  // Before the routes: it documents the routes added after it.
  app.register(openapiPlugin);
  app.register(named(routes));
  app.register(named(companionPlugin));
  app.register(spaPlugin);
  return app;
}
