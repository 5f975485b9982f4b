// `npm start` under a process manager: a SIGTERM to npm alone (as `docker stop` sends) reaches the server,
// which shuts down gracefully; npm leaves nothing running and exits with the server's code. Killed outright, it
// leaves no server behind either, and a second one on the same data folder is refused.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { makePdf } from '../../server/test/helpers/test-documents';
import { createVerifiedAccount, requestAccessToken } from '../support/accounts';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { isRunning, startWithNpm, type NpmStartedApp } from '../support/npm-start';

const START_AND_STOP_MS = 120_000;

let dataDir: string;
let staticDir: string;
let app: NpmStartedApp | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qrv-npm-start-'));
  // A built SPA of its own: npm start serves it as it is, so the test never runs webpack.
  staticDir = path.join(dataDir, 'dist');
  await mkdir(staticDir);
  await writeFile(path.join(staticDir, 'index.html'), '<html><head></head><body></body></html>');
});

afterEach(async () => {
  app?.kill();
  app = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file and folder under `folder`, leaving out the top-level names in `skip`. */
function filesUnder(folder: string, skip: string[] = []): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !skip.includes(entry.name))
    .flatMap((entry) => {
      const entryPath = path.join(folder, entry.name);
      return entry.isDirectory() ? [entryPath, ...filesUnder(entryPath)] : [entryPath];
    });
}

/** Resolves once none of `pids` runs, or rejects after `timeoutMs`. */
async function waitUntilGone(pids: number[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isRunning)) {
    if (Date.now() > deadline) throw new Error(`Still running: ${pids.filter(isRunning)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test(
  'npm start runs the server with the malloc setting; a second one on the same data folder is refused at once; SIGTERM to npm then shuts the first down gracefully',
  async () => {
    app = await startWithNpm({ dataDir, staticDir, env: { LOG_LEVEL: 'info' } });
    // What keeps an idle server's memory down (scripts/server-process.ts).
    const serverEnvironment = readFileSync(`/proc/${app.serverPid}/environ`, 'utf8').split('\0');
    expect(serverEnvironment).toContain('MALLOC_MMAP_THRESHOLD_=32768');

    // The same port as well: the refusal must come before anything is opened, not from the port.
    const second = spawnSync('npm', ['start'], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        PORT: new URL(app.baseUrl).port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        STATIC_DIR: staticDir,
      },
      encoding: 'utf8',
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is in use by process ${app.serverPid} (npm start`);
    expect(existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(true);
    expect((await fetch(`${app.baseUrl}/api/health/ready/`)).status).toBe(200);

    // As `docker stop` sends it: to npm alone.
    const exitCode = await app.stop();

    expect(exitCode).toBe(0);
    expect(app.logs()).toContain('Shut down cleanly');
    expect(app.processIds.filter(isRunning)).toEqual([]);
    await expect(fetch(`${app.baseUrl}/api/health/`)).rejects.toThrow();
    // Given back: the next start has no lock to take over.
    expect(readFileSync(path.join(dataDir, 'qr-verify.lock'), 'utf8')).toBe('');
  },
  START_AND_STOP_MS,
);

test(
  'SIGKILL to the process group, or to the wrapper alone, ends the server too and the next npm start starts; Ctrl+C stops it gracefully',
  async () => {
    const kills = [
      (started: NpmStartedApp) => started.killGroup(),
      (started: NpmStartedApp) => started.killWrapper(),
    ];
    for (const killIt of kills) {
      app = await startWithNpm({ dataDir, staticDir, env: { LOG_LEVEL: 'info' } });
      killIt(app);
      await waitUntilGone(app.processIds);
      await expect(fetch(`${app.baseUrl}/api/health/`)).rejects.toThrow();
    }
    app = await startWithNpm({ dataDir, staticDir, env: { LOG_LEVEL: 'info' } });
    expect((await fetch(`${app.baseUrl}/api/health/ready/`)).status).toBe(200);

    // Every process of npm start receives it, the server included.
    const exitCode = await app.interrupt();

    expect(exitCode).toBe(0);
    expect(app.logs()).toContain('Shut down cleanly');
    expect(app.processIds.filter(isRunning)).toEqual([]);
  },
  START_AND_STOP_MS * 3,
);

/** A verification created through the API; answers its code and a function reading its scan count. */
async function createVerification(baseUrl: string, mailbox: Mailbox) {
  const token = await requestAccessToken(
    { baseUrl, mailbox },
    await createVerifiedAccount({ baseUrl, mailbox }),
  );
  const form = new FormData();
  form.set(
    'file',
    new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
    'a.pdf',
  );
  form.set('title', 'Diploma');
  form.set('holder_name', 'Grace Hopper');
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (created.status !== 201) throw new Error(`${created.status}: ${await created.text()}`);
  const { id, code } = (await created.json()) as { id: string; code: string };
  const scanCount = async (url: string) => {
    const response = await fetch(`${url}/api/verifications/${id}/`, { headers: auth });
    return ((await response.json()) as { scan_count: number }).scan_count;
  };
  return { code, scanCount };
}

test(
  'every view counted before SIGTERM to npm is written: the count after a restart is exact',
  async () => {
    const mailbox = await startMailbox();
    try {
      const env = { SMTP_URL: mailbox.url };
      app = await startWithNpm({ dataDir, staticDir, env });
      const { code, scanCount } = await createVerification(app.baseUrl, mailbox);
      // The database, the documents and the lock are the server's alone (the test made dist/ itself).
      // A file may go while we look (the start's snapshot renames its .partial file into place).
      const shared = filesUnder(dataDir, ['dist']).filter(
        (file) => (statSync(file, { throwIfNoEntry: false })?.mode ?? 0) & 0o077,
      );
      expect(shared).toEqual([]);
      const views = 137;
      // Concurrent views, read whole as browsers do, before the batched write: the shutdown must flush what
      // is still waiting. (A client that stops reading is server.test.ts's.)
      const answers = await Promise.all(
        Array.from({ length: views }, async () => {
          const page = await fetch(`${app!.baseUrl}/v/${code}`);
          await page.text();
          return page.status;
        }),
      );
      expect(answers.every((status) => status === 200)).toBe(true);

      const stopCode = await app.stop();
      if (stopCode !== 0) console.log(app.logs());
      expect(stopCode).toBe(0);
      app = await startWithNpm({ dataDir, staticDir, env });

      expect(await scanCount(app.baseUrl)).toBe(views);
    } finally {
      await mailbox.close();
    }
  },
  START_AND_STOP_MS * 2,
);

test('a server that cannot start makes npm start fail with its exit code', () => {
  const run = spawnSync('npm', ['start'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir, STATIC_DIR: staticDir },
    encoding: 'utf8',
  });

  expect(run.status).toBe(1);
  expect(run.stderr).toContain('PORT');
});
