// `npm start`: build the SPA if it is missing or stale, then run the server in its own process (so webpack's
// memory goes with the build) and stand in for it: signals go to the server, its exit code comes back.
// npm runs this file with `node --import tsx`, not the tsx command: tsx's own process passes a signal on and, if
// the child has not said within 30 ms that it got it, kills it (SIGKILL) and exits 130. On a busy machine that
// turned a Ctrl+C or a `docker stop` into a killed wrapper and an exit code of 130.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';

import { SERVER_NODE_ARGS, serverEnvironment } from './server-process';
import { ensureSpaBuilt } from './spa-build';

const root = path.resolve(__dirname, '..');
const CHECKOUT_BUILD = path.join(root, 'dist');

/** The folder the server will serve: its STATIC_DIR, resolved from the server's working directory. */
function staticDir(): string {
  return path.resolve(root, process.env.STATIC_DIR || 'dist');
}

/** The exit code a shell reports for a process ended by a signal: 128 + its number. */
function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return signal ? 128 + constants.signals[signal] : 1;
}

async function main() {
  // The checkout's own build is kept current; a STATIC_DIR elsewhere is a build made for it, served as it is.
  if (staticDir() === CHECKOUT_BUILD) await ensureSpaBuilt(CHECKOUT_BUILD);
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: serverEnvironment(process.env),
    // Its own process group: signals reach the server only through here (see forwardSignals). The IPC channel
    // carries nothing; the server closes when it drops, so killing this wrapper (SIGKILL, or its whole group)
    // never leaves a server running on the data folder.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  forwardSignals(server);
  server.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
}

/**
 * The server shuts down gracefully on SIGTERM and SIGINT (finishing requests, writing scan counts), and takes
 * a second one as "exit now". One Ctrl+C arrives here up to twice (from the terminal, and passed on by npm),
 * so only the first of each is forwarded; a closing terminal (SIGHUP) stops it gracefully too.
 * Staying alive until the server exits is what lets npm report its exit code.
 */
function forwardSignals(server: ChildProcess): void {
  const forwarded = new Set<NodeJS.Signals>();
  const forward = (signal: NodeJS.Signals) => {
    if (forwarded.has(signal)) return;
    forwarded.add(signal);
    server.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
