// Builds the QR Verify server as a Fastify instance without starting it: server.ts listens, tests inject.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';

import { databaseTargetFromConfig, type DatabaseTarget } from './db/open-database';
import { zodSerializerCompiler, zodValidatorCompiler } from './lib/zod-schemas';
import { createLoggerOptions, type LogStream } from './logger';
import authPlugin from './plugins/auth';
import companionPlugin from './plugins/companion';
import configPlugin from './plugins/config';
import csrfPlugin from './plugins/csrf';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import gracefulClosePlugin from './plugins/graceful-close';
import helmetPlugin from './plugins/helmet';
import mailPlugin from './plugins/mail';
import multipartPlugin from './plugins/multipart';
import publicVerificationsPlugin from './plugins/public-verifications';
import rateLimitPlugin from './plugins/rate-limit';
import sentryPlugin from './plugins/sentry';
import spaPlugin from './plugins/spa';
import storagePlugin from './plugins/storage';
import routes from './routes';

import type { Config } from './config';

export interface BuildAppOptions {
  config: Config;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: LogStream;
  /** Which database to open (default: from config); tests pass a fresh one. */
  database?: DatabaseTarget;
}

export function buildApp({ config, logStream, database }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: createLoggerOptions(config, logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);

  // Order matters: what later plugins use is registered first; routes and the SPA catch-all come last.
  app.register(configPlugin, { config });
  app.register(gracefulClosePlugin);
  app.register(sentryPlugin);
  app.register(dbPlugin, { target: database ?? databaseTargetFromConfig(config) });
  app.register(mailPlugin);
  app.register(storagePlugin);
  app.register(cookie);
  app.register(csrfPlugin);
  app.register(helmetPlugin);
  app.register(formbody);
  app.register(multipartPlugin);
  app.register(rateLimitPlugin);
  app.register(errorsPlugin);
  app.register(authPlugin);
  app.register(publicVerificationsPlugin);
  app.register(routes);
  app.register(companionPlugin);
  app.register(spaPlugin);
  return app;
}
