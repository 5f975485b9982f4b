import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

import { createTempDir } from '../helpers/test-app';

import type { AddressInfo } from 'node:net';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'crash-with-sentry.ts');

// A stand-in for Sentry's ingest endpoint that keeps every envelope it is sent.
let ingest: Server;
let envelopes: string[];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  envelopes = [];
  ingest = createServer(async (request, response) => {
    envelopes.push(await readBody(request));
    response.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => ingest.close(resolve));
});

// The SDK patches Node globals in ways that break later tests in a Jest worker, so the app runs in a child process.
test('an unexpected error is reported to Sentry, and the browser may report there too', async () => {
  const ingestUrl = `http://127.0.0.1:${(ingest.address() as AddressInfo).port}`;
  const dsn = ingestUrl.replace('http://', 'http://publickey@') + '/1';

  const dataDir = await createTempDir();

  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, SENTRY_DSN: dsn, DATA_DIR: dataDir },
  }).finally(() => rm(dataDir, { recursive: true, force: true }));

  const seen = JSON.parse(stdout) as { statusCode: number; csp: string };
  expect(seen.statusCode).toBe(500);
  expect(seen.csp).toContain(`connect-src 'self' ${ingestUrl}`);
  expect(envelopes.some((envelope) => envelope.includes('unexpected failure for sentry'))).toBe(
    true,
  );
});
