// Runs the app as an operator or a container does, through `npm start` (npm, its shell, scripts/start.ts,
// the server), for tests of what crosses that chain: signals, exit codes, data written on shutdown.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { freePort } from './free-port';

const root = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 60_000;

export interface NpmStartedApp {
  baseUrl: string;
  /** npm's process and every process under it (the server among them), once the server answered. */
  processIds: number[];
  /** What the chain printed, for diagnosing a failure. */
  logs(): string;
  /** Sends SIGTERM to npm alone, as `docker stop` does, and resolves with npm's exit code. */
  stop(): Promise<number | null>;
  /** Ctrl+C in a terminal: SIGINT to every process of npm's process group. Resolves with npm's exit code. */
  interrupt(): Promise<number | null>;
  /** The server's process (node running server/src/server.ts). */
  serverPid: number;
  /** SIGKILL to scripts/start.ts alone, the wrapper between npm and the server. */
  killWrapper(): void;
  /** SIGKILL to every process of npm's process group, as a supervisor or a CI runner ends a job. */
  killGroup(): void;
  /** Ends with SIGKILL whatever of processIds still runs (cleanup after a failed test). */
  kill(): void;
}

export interface NpmStartOptions {
  /** The data folder; left in place after stop, so a test can start again on the same data. */
  dataDir: string;
  /** A built SPA; one outside the checkout's dist/ is served as it is (npm start builds only dist/). */
  staticDir: string;
  env?: Record<string, string>;
  /**
   * Called with npm's process id as soon as npm is spawned, before the server answers: for a check that acts on
   * the chain while it starts (one that kills it makes startWithNpm reject, as any start that did not finish).
   */
  onSpawn?: (npmPid: number) => void;
}

/** The fields of /proc/<pid>/stat after the command name (state, parent, ...); none once the process is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** `pid` and all its descendants. */
export function processTree(pid: number): number[] {
  const parents = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => [Number(name), Number(statFields(name)?.[1])]);
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) {
    tree.push(...parents.filter(([, parent]) => parent === tree[index]).map(([child]) => child));
  }
  return tree;
}

/** Whether the process exists and has not ended (a zombie has). */
export function isRunning(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z';
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function findProcess(pids: number[], script: string): number {
  const pid = pids.find((candidate) => commandLine(candidate).includes(script));
  if (pid === undefined) throw new Error(`No process runs ${script}`);
  return pid;
}

/** The process running `script` among `pid` and its descendants now, if there is one yet. */
export function processRunning(pid: number, script: string): number | undefined {
  return processTree(pid).find((candidate) => commandLine(candidate).includes(script));
}

/** Every running process started for `dataDir` (npm start hands it down in DATA_DIR), with its command line. */
export function processesOf(dataDir: string): Array<{ pid: number; command: string }> {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => isRunning(pid) && environment(pid).includes(`\0DATA_DIR=${dataDir}\0`))
    .map((pid) => ({ pid, command: commandLine(pid) }));
}

function environment(pid: number): string {
  try {
    // A leading NUL, so that the first variable matches as the others do.
    return `\0${readFileSync(`/proc/${pid}/environ`, 'utf8')}`;
  } catch {
    return '';
  }
}

function killAll(pids: number[]): void {
  pids.filter(isRunning).forEach((pid) => process.kill(pid, 'SIGKILL'));
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/api/health/`).then(
    (response) => response.ok,
    () => false,
  );
}

export async function startWithNpm(options: NpmStartOptions): Promise<NpmStartedApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      STATIC_DIR: options.staticDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a terminal gives a command it runs.
    detached: true,
  });
  let output = '';
  npm.stdout.on('data', (chunk) => (output += chunk));
  npm.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  options.onSpawn?.(npm.pid!);

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await isHealthy(baseUrl))) {
    // npm ends by a signal (exitCode stays null) when its child did: it raises the child's signal on itself.
    if (npm.exitCode !== null || npm.signalCode !== null || Date.now() > deadline) {
      killAll(processTree(npm.pid!));
      throw new Error(`npm start did not become healthy (exit ${npm.exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const processIds = processTree(npm.pid!);
  return {
    baseUrl,
    processIds,
    logs: () => output,
    stop: () => {
      npm.kill('SIGTERM');
      return exited;
    },
    interrupt: () => {
      process.kill(-npm.pid!, 'SIGINT');
      return exited;
    },
    serverPid: findProcess(processIds, 'server/src/server.ts'),
    killWrapper: () => process.kill(findProcess(processIds, 'scripts/start.ts'), 'SIGKILL'),
    killGroup: () => process.kill(-npm.pid!, 'SIGKILL'),
    kill: () => killAll(processIds),
  };
}
