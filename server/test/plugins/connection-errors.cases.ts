// What Node's HTTP parser and Fastify's router refuse before any route runs is answered in the API's error envelope
// on a real socket, as every other refusal is: headers or an address over Node's limit (431), a path parameter
// over the router's (414), bytes that are not HTTP or a header value HTTP does not allow (400).
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';

import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** Writes the bytes, reads until the server closes the connection, and parses its one answer. */
async function send(request: string): Promise<Answer> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = once(socket, 'close');
  socket.write(request);
  await closed;
  const text = Buffer.concat(chunks).toString();
  const [head, body] = text.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    contentType: /\r\ncontent-type: *([^\r;]+)/i.exec(head)?.[1] ?? '',
    body: JSON.parse(body),
  };
}

function request(method: string, path: string, headers = ''): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;
}

function refusal(status: number, message: string) {
  return {
    status,
    contentType: 'application/json',
    body: { error: { code: 'bad_request', message } },
  };
}

test('headers over the limit are a 431', async () => {
  const answer = await send(request('GET', '/api/health/', `X-Filler: ${'a'.repeat(20_000)}\r\n`));

  expect(answer).toEqual(refusal(431, 'The request headers are too large.'));
});

test('an address over the header limit is a 431', async () => {
  const answer = await send(request('GET', `/api/verifications/?search=${'a'.repeat(20_000)}`));

  expect(answer).toEqual(refusal(431, 'The request headers are too large.'));
});

// A GET finds no route for it either, and falls through to the web app's catch-all: a JSON 404 under /api/.
test('a path parameter over 100 characters is a 414', async () => {
  const answer = await send(request('DELETE', `/api/verifications/${'a'.repeat(101)}/`));

  expect(answer).toEqual(
    refusal(414, 'The address is too long: one of its parts is over 100 characters.'),
  );
});

test('a Content-Type with characters HTTP does not allow is a 400', async () => {
  const answer = await send(
    'POST /api/auth/register/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/\u0001json\r\n' +
      'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
  );

  expect(answer).toEqual(refusal(400, 'Malformed HTTP request.'));
});

test('bytes that are not HTTP are a 400', async () => {
  const answer = await send('HELLO THERE\r\n\r\n');

  expect(answer).toEqual(refusal(400, 'Malformed HTTP request.'));
});

test('a broken %-encoding is a 400', async () => {
  const answer = await send(request('GET', '/api/verifications/%E0%A4%A/'));

  expect(answer).toEqual(refusal(400, 'The address is not valid: it has a broken %-encoding.'));
});
