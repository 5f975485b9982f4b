// Starts the real app (server process + built SPA) on a free port with a fresh DATA_DIR and an SMTP capture.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { UNLIMITED_FREE_PLAN } from '../../server/test/helpers/plans';
import { SERVER_NODE_ARGS, serverEnvironment } from '../server-process';

import { freePort } from './free-port';
import { startMailbox, type Mailbox } from './mailbox';

const root = path.resolve(__dirname, '../..');

/**
 * A new PGlite data folder (prepare-apps.ts), copied into each app's DATA_DIR: initdb on disk costs each start
 * seconds of CPU, a copy a fraction. What a first start does on no folder at all is the server tests' (npm start,
 * db/open-database).
 */
export const PGLITE_FOLDER_TEMPLATE = 'QRV_E2E_PGLITE_FOLDER_TEMPLATE';

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  mailbox: Mailbox;
  /** Output the server printed, for diagnosing a failed start. */
  logs(): string;
  /** The server process's id (to read its memory from /proc, say). */
  pid(): number | undefined;
  /** Kills the server with SIGKILL, as a crash or an out-of-memory kill would; restart() starts it again. */
  kill(): Promise<void>;
  /**
   * Stops the server gracefully (SIGTERM) and starts it again on the same data; `whileStopped` runs in
   * between (the embedded database admits one process at a time, e.g. for a CLI command).
   */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

// A cold start (tsx compiling the server, migrations on a new PGlite) takes seconds on a quiet machine and a
// minute on a loaded one.
export const START_TIMEOUT_MS = 120_000;

async function waitForHealth(baseUrl: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${logs()}`);
    const healthy = await fetch(`${baseUrl}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server did not become healthy:\n${logs()}`);
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrv-e2e-'));
  const folderTemplate = process.env[PGLITE_FOLDER_TEMPLATE];
  if (folderTemplate && !env.DATABASE_URL) {
    cpSync(folderTemplate, path.join(dataDir, 'pglite'), { recursive: true });
  }
  const mailbox = await startMailbox();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;

  async function launch() {
    child = spawn(process.execPath, SERVER_NODE_ARGS, {
      cwd: root,
      env: serverEnvironment({
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: mailbox.url,
        STATIC_DIR: path.join(root, 'dist'),
        LOG_LEVEL: 'warn',
        // Link import fetches from loopback servers the specs start.
        COMPANION_ALLOW_LOCAL_URLS: 'true',
        // Specs are about their feature, not quotas; the subscription spec sets its own limits.
        PLAN_LIMITS_OVERRIDE: UNLIMITED_FREE_PLAN,
        // New accounts start on Free, as on a server that sells plans, with Stripe keys or without.
        DEFAULT_PLAN: 'free',
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await waitForHealth(baseUrl, child, () => output);
  }

  try {
    await launch();
  } catch (error) {
    // Nothing of a failed start is left running for the next spec.
    await stopProcess(child!, 'SIGKILL');
    await mailbox.close();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    mailbox,
    logs: () => output,
    pid: () => child.pid,
    kill: () => stopProcess(child, 'SIGKILL'),
    restart: async (whileStopped) => {
      await stopProcess(child);
      await whileStopped?.();
      await launch();
    },
    stop: async () => {
      await stopProcess(child);
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
