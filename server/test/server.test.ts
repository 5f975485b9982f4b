// Runs server.ts as `npm start` does, in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { openDatabase, type DatabaseTarget } from '../src/db/open-database';

import { createPgliteFolder } from './helpers/database-templates';
import {
  createEmptyTestDatabase,
  createTempDir,
  postgresServerUrl,
  type TestDatabase,
} from './helpers/test-app';

const SERVER = path.join(__dirname, '..', 'src', 'server.ts');

let dataDir: string;
// The Postgres run's database; in the PGlite run the server opens its folder in dataDir.
let database: TestDatabase | undefined;
let child: ChildProcess | undefined;

beforeEach(async () => {
  dataDir = await createTempDir();
  if (postgresServerUrl()) database = await createEmptyTestDatabase();
  // A new folder, as the first start makes it (db/open-database.cases.ts covers making one; e2e starts on none).
  else await createPgliteFolder(path.join(dataDir, 'pglite'));
});

afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  await database?.drop();
  database = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

// The database the server opens: its PGlite folder, or the test's Postgres database in the Postgres run.
function serverDatabase(): { env: Record<string, string>; target: DatabaseTarget } {
  const target = database?.target;
  if (target?.driver === 'postgres') return { env: { DATABASE_URL: target.url }, target };
  return { env: {}, target: { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') } };
}

function startServer(env: Record<string, string>): ChildProcess {
  child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'dist'),
      ...serverDatabase().env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return child;
}

function listeningUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const match = /QR Verify is listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
  });
}

function exitCode(server: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => server.once('exit', (code) => resolve(code)));
}

function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    stream.on('end', () => resolve(text));
  });
}

test('starts on HOST:PORT, answers, and exits 0 with its data saved on SIGTERM', async () => {
  const server = startServer({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const url = await listeningUrl(server);

  const health = await fetch(`${url}/api/health/`);
  const exited = exitCode(server);
  server.kill('SIGTERM');

  expect(health.status).toBe(200);
  expect(await exited).toBe(0);
  const { db } = await openDatabase(serverDatabase().target, console);
  const instanceId = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'instance_id')
    .execute();
  await db.destroy();
  expect(instanceId).toHaveLength(1);
});

test('a client that never finishes its request holds SIGTERM back only for SHUTDOWN_GRACE_SECONDS', async () => {
  const server = startServer({ PORT: '0', HOST: '127.0.0.1', SHUTDOWN_GRACE_SECONDS: '1' });
  const url = new URL(await listeningUrl(server));
  const logs = readAll(server.stdout!);
  // Half a JSON body: the request stays in flight, its connection busy, until the client sends the rest.
  const client = connect(Number(url.port), url.hostname);
  await new Promise((resolve) => client.once('connect', resolve));
  client.write(
    'POST /api/auth/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
  );
  const clientClosed = new Promise((resolve) => client.once('close', resolve));
  const exited = exitCode(server);
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.kill('SIGTERM');

  expect(await exited).toBe(0);
  await clientClosed;
  expect(await logs).toContain('Closing the connections still open');
});

test('refuses to start on bad settings, naming the variable', async () => {
  const server = startServer({ PORT: 'eighty' });
  const stderr = readAll(server.stderr!);

  expect(await exitCode(server)).toBe(1);
  expect(await stderr).toContain('PORT must be a port number from 0 to 65535');
});
