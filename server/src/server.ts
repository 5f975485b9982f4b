// Entry point: loads settings, starts the app on HOST:PORT, and shuts down gracefully on SIGTERM/SIGINT.

import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { databaseTargetFromConfig, prepareDatabase } from './db/open-database';

import type { FastifyInstance } from 'fastify';

// Long enough for in-flight requests (uploads included) to finish; a stuck one must not block a deploy forever.
const SHUTDOWN_TIMEOUT_MS = 30_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

function closeOnSignals(app: FastifyInstance): void {
  let isClosing = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    // A second Ctrl+C means "now".
    if (isClosing) process.exit(1);
    isClosing = true;
    app.log.info({ signal }, 'Shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    app.log.info('Shut down cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}

function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : '';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function prepareDatabaseOrExit(config: Config): Promise<void> {
  try {
    await prepareDatabase(databaseTargetFromConfig(config));
  } catch (error) {
    process.stderr.write(`Could not start QR Verify: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

async function start(): Promise<void> {
  const config = loadConfigOrExit();
  await prepareDatabaseOrExit(config);
  const app = buildApp({ config });
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    app.log.fatal({ err: error }, 'Could not start QR Verify');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  closeOnSignals(app);
  process.stdout.write(
    `QR Verify is listening on ${listeningUrl(app, config.HOST)} (public URL ${config.PUBLIC_URL})\n`,
  );
}

void start();
