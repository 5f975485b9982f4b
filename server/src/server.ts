// Entry point: loads settings, takes the data folder, starts the app on HOST:PORT, and shuts down gracefully on
// SIGTERM/SIGINT or when the `npm start` that ran it goes away.

import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { holdDataDir } from './db/hold-data-dir';
import { databaseTargetFromConfig, DatabaseUnreadable, prepareDatabase } from './db/open-database';

import type { DataDirLock } from './lib/data-dir-lock';
import type { FastifyInstance } from 'fastify';

// After the requests' grace, what putting the rest away (scan counts, queue, database) may take before we give up.
const CLOSING_TIMEOUT_MS = 20_000;
// With the wrapper gone nobody waits for this process, and the next `npm start` waits for its data folder.
const ORPHANED_GRACE_MS = 5_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/**
 * SIGTERM and SIGINT close gracefully; a second one means "now". Run by `npm start` (an IPC channel to it), the
 * server also closes when that channel drops: the wrapper was killed, even with SIGKILL or with its process
 * group, and a server left behind would keep the data folder and the port.
 */
function closeOnSignals(app: FastifyInstance, dataDirLock: DataDirLock | null): void {
  let isClosing = false;
  const shutDown = async (reason: string, graceMs = app.config.SHUTDOWN_GRACE_SECONDS * 1000) => {
    if (isClosing) process.exit(1);
    isClosing = true;
    app.log.info({ reason }, 'Shutting down: finishing in-flight requests');
    // Fastify runs the onClose hooks only once every connection has ended: one that never does would hold back
    // the flush of the scan counts as well.
    setTimeout(() => {
      app.log.warn({ graceSeconds: graceMs / 1000 }, 'Closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs).unref();
    setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + CLOSING_TIMEOUT_MS).unref();
    await app.close();
    // Given back empty: the next start finds a clean stop, not one to take over.
    dataDirLock?.release();
    app.log.info('Shut down cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutDown('SIGTERM'));
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('disconnect', () => void shutDown('npm start ended', ORPHANED_GRACE_MS));
}

function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : '';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function exitWith(error: Error): never {
  process.stderr.write(`Could not start QR Verify: ${error.message}\n`);
  process.exit(1);
}

async function prepareDatabaseOrExit(config: Config): Promise<DataDirLock | null> {
  try {
    const lock = holdDataDir(config, 'npm start');
    await prepareDatabase(databaseTargetFromConfig(config));
    return lock;
  } catch (error) {
    exitWith(error as Error);
  }
}

/**
 * Run by `npm start`, the server never outlives it, starting included: until it serves, a dropped channel (or
 * one that dropped while the code loaded) ends it at once, as a crash would. Answers the function that hands
 * over to closeOnSignals' graceful path.
 */
function exitIfOrphanedWhileStarting(): () => void {
  if (typeof process.send !== 'function') return () => undefined;
  const exitNow = () => process.exit(1);
  if (!process.connected) exitNow();
  process.once('disconnect', exitNow);
  return () => process.off('disconnect', exitNow);
}

async function start(): Promise<void> {
  const stopWatchingWhileStarting = exitIfOrphanedWhileStarting();
  // Documents, the database, exports and the dev mailbox (one-time codes) are the server's alone.
  process.umask(0o077);
  const config = loadConfigOrExit();
  const dataDirLock = await prepareDatabaseOrExit(config);
  const app = buildApp({ config });
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    // A damaged database is the operator's to restore: said in words, without a stack of WebAssembly frames.
    if (error instanceof DatabaseUnreadable) exitWith(error);
    app.log.fatal({ err: error }, 'Could not start QR Verify');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  stopWatchingWhileStarting();
  closeOnSignals(app, dataDirLock);
  process.stdout.write(
    `QR Verify is listening on ${listeningUrl(app, config.HOST)} (public URL ${config.PUBLIC_URL})\n`,
  );
}

void start();
