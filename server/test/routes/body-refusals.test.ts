// A refused request body is answered, never reset: on a real socket, for each kind of route (a JSON body, a
// multipart form, a file upload), whether the client writes its whole body before it reads (Node's http, Python's
// urllib), asks first with `Expect: 100-continue` (curl), or stops in the middle of its body.
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';

import { uploadTempFolder } from '../../src/lib/upload-temp-files';
import { GOOD_PASSWORD } from '../helpers/auth-requests';
import { createTestApp } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';
import { formData, signedInUser, type TestUser } from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const MEBIBYTE = 1024 * 1024;

let app: FastifyInstance;
let port: number;
let user: TestUser;
let logLines: { level: number; msg: string }[];
const sockets: Socket[] = [];

beforeEach(async () => {
  logLines = [];
  app = await createTestApp({
    env: {
      LOG_LEVEL: 'info',
      UPLOAD_MAX_BYTES: String(16 * MEBIBYTE),
      RATE_LIMIT_REGISTER_PER_IP: '1000',
    },
    logStream: { write: (line) => logLines.push(JSON.parse(line)) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
  user = await signedInUser(app);
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app.close();
});

interface Answer {
  /** Interim (1xx) statuses received before the answer. */
  interim: number[];
  status: number;
  body: { error?: { code: string; message: string } };
}

/** One whole answer, when `bytes` holds it. */
function parseAnswer(bytes: Buffer, interim: number[] = []): Answer | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = bytes.subarray(0, headEnd).toString('latin1');
  const status = Number(head.split(' ')[1]);
  const rest = bytes.subarray(headEnd + 4);
  if (status < 200) return parseAnswer(rest, [...interim, status]);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
  if (rest.length < length) return undefined;
  return { interim, status, body: JSON.parse(rest.subarray(0, length).toString()) };
}

async function openConnection(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await once(socket, 'connect');
  return socket;
}

/** What the server sends until a whole answer is in; fails if the connection breaks first. */
function readAnswer(socket: Socket): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received);
      if (answer) settle(() => resolve(answer));
    };
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () =>
      onError(new Error(`Connection closed after ${JSON.stringify(received.toString())}`));
    const settle = (then: () => void) => {
      socket.off('data', onData).off('error', onError).off('close', onClose);
      then();
    };
    socket.on('data', onData).on('error', onError).on('close', onClose);
  });
}

function nextEvent(socket: Socket, event: 'close' | 'drain'): Promise<void> {
  return new Promise((resolve) => socket.once(event, () => resolve()));
}

/** The whole request written before a byte of the answer is read, as Node's http and Python's urllib do. */
async function writeAllThenRead(head: string, body: Buffer): Promise<Answer> {
  const socket = await openConnection();
  socket.pause();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.write(Buffer.concat([Buffer.from(head), body]), (error) =>
      error ? reject(error) : resolve(),
    );
  });
  socket.resume();
  return readAnswer(socket);
}

function requestHead(
  path: string,
  headers: Record<string, string | number>,
  { auth = false } = {},
): string {
  const lines = Object.entries({
    Host: '127.0.0.1',
    ...(auth && { Authorization: user.headers.authorization }),
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

function jsonBody(bytes: number): Buffer {
  return Buffer.from(JSON.stringify({ first_name: 'a'.repeat(bytes) }));
}

interface RouteClass {
  path: string;
  auth?: boolean;
  /** A body of about `bytes`, and its content type. */
  body(bytes: number): { payload: Buffer; type: string };
}

const ROUTE_CLASSES: Record<string, RouteClass> = {
  'a JSON body': {
    path: '/api/auth/register/',
    body: (bytes) => ({ payload: jsonBody(bytes), type: 'application/json' }),
  },
  'a multipart form': {
    path: '/api/auth/register/',
    body: (bytes) => {
      const form = formData({ first_name: 'a'.repeat(bytes) });
      return { payload: form.payload, type: form.headers['content-type'] };
    },
  },
  'a file upload': {
    path: '/api/uploads/',
    auth: true,
    body: (bytes) => {
      const form = formData({ file: { data: Buffer.alloc(bytes, '%') } });
      return { payload: form.payload, type: form.headers['content-type'] };
    },
  },
};

const routeClasses = Object.entries(ROUTE_CLASSES);

async function uploadFolderFiles(): Promise<string[]> {
  return readdir(uploadTempFolder(app.config.DATA_DIR));
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const unexpectedErrors = () => logLines.filter((line) => line.level >= 50);

describe('a body over the limit, from a client that writes all of it before reading', () => {
  test.each(routeClasses)('is answered 413 (%s)', async (_name, route) => {
    // More than the kernel's buffers hold: the client finishes writing only if the server reads.
    const { payload, type } = route.body(24 * MEBIBYTE);

    const answer = await writeAllThenRead(
      requestHead(
        route.path,
        { 'Content-Type': type, 'Content-Length': payload.length },
        { auth: route.auth },
      ),
      payload,
    );

    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe('body_too_large');
  });

  test('is answered 413 when the client asks for the connection to close (urllib)', async () => {
    const payload = jsonBody(24 * MEBIBYTE);

    const answer = await writeAllThenRead(
      requestHead('/api/auth/register/', {
        'Content-Type': 'application/json',
        'Content-Length': payload.length,
        Connection: 'close',
      }),
      payload,
    );

    expect(answer.status).toBe(413);
  });

  test('is answered 413 when its length is not announced (chunked)', async () => {
    const payload = jsonBody(24 * MEBIBYTE);
    const chunked = Buffer.concat([
      Buffer.from(`${payload.length.toString(16)}\r\n`),
      payload,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);

    const answer = await writeAllThenRead(
      requestHead('/api/auth/register/', {
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      }),
      chunked,
    );

    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('Request body is larger than the 1 MiB limit.');
  });

  test('whose file goes over its limit while it is read is answered 413, and leaves no file', async () => {
    // Within the form's limit (16 MiB of file and 1 MiB of fields), over the file's.
    const { payload, type } = ROUTE_CLASSES['a file upload'].body(16.5 * MEBIBYTE);

    const answer = await writeAllThenRead(
      requestHead(
        '/api/uploads/',
        { 'Content-Type': type, 'Content-Length': payload.length },
        { auth: true },
      ),
      payload,
    );

    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('The file is larger than the 16 MiB limit');
    await eventually(async () => (await uploadFolderFiles()).length === 0, 'the folder is empty');
  });

  test('refused at its first part is answered, not left waiting or reset', async () => {
    // Within the form's limit, under a name the route does not take: refused as soon as the part's header is in.
    const form = formData({ avatar: { data: Buffer.alloc(12 * MEBIBYTE, '%') } });

    const answer = await writeAllThenRead(
      requestHead(
        '/api/uploads/',
        { 'Content-Type': form.headers['content-type'], 'Content-Length': form.payload.length },
        { auth: true },
      ),
      form.payload,
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('unexpected_file');
  });

  test('leaves the connection open for the next request once it is read', async () => {
    const { payload, type } = ROUTE_CLASSES['a multipart form'].body(3 * MEBIBYTE);
    const socket = await openConnection();
    const refused = readAnswer(socket);
    socket.write(
      requestHead('/api/auth/register/', {
        'Content-Type': type,
        'Content-Length': payload.length,
      }),
    );
    socket.write(payload);
    expect((await refused).status).toBe(413);

    const next = readAnswer(socket);
    socket.write('GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

    expect((await next).status).toBe(200);
  });

  test('is read only so far: a client that goes on writing has its connection closed', async () => {
    const socket = await openConnection();
    socket.on('error', () => undefined);
    const answer = readAnswer(socket);
    const closed = nextEvent(socket, 'close');
    socket.write(
      requestHead('/api/auth/register/', {
        'Content-Type': 'application/json',
        'Content-Length': 1024 * MEBIBYTE,
      }),
    );
    const chunk = Buffer.alloc(MEBIBYTE, 'a');
    let written = 0;
    while (!socket.destroyed && written < 1024 * MEBIBYTE) {
      if (!socket.write(chunk)) await Promise.race([nextEvent(socket, 'drain'), closed]);
      written += chunk.length;
    }

    expect(await answer).toMatchObject({ status: 413 });
    expect(written).toBeLessThan(200 * MEBIBYTE);
  });
});

describe('Expect: 100-continue', () => {
  test.each(routeClasses)(
    'over the limit is answered 413 instead of 100 Continue (%s)',
    async (_name, route) => {
      const { payload, type } = route.body(24 * MEBIBYTE);
      const socket = await openConnection();
      const answer = readAnswer(socket);

      socket.write(
        requestHead(
          route.path,
          { 'Content-Type': type, 'Content-Length': payload.length, Expect: '100-continue' },
          { auth: route.auth },
        ),
      );

      expect(await answer).toMatchObject({ interim: [], status: 413 });
    },
  );

  /** Sends the head, waits for 100 Continue, then sends the body. */
  async function sendOnContinue(head: string, payload: Buffer): Promise<Answer> {
    const socket = await openConnection();
    const answer = readAnswer(socket);
    socket.write(head);
    const [first] = (await once(socket, 'data')) as [Buffer];
    expect(first.toString()).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    socket.write(payload);
    return answer;
  }

  test('within the limit is answered 100 Continue, and the body then read (JSON)', async () => {
    const payload = Buffer.from(
      JSON.stringify({
        first_name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: GOOD_PASSWORD,
      }),
    );

    const answer = await sendOnContinue(
      requestHead('/api/auth/register/', {
        'Content-Type': 'application/json',
        'Content-Length': payload.length,
        Expect: '100-continue',
      }),
      payload,
    );

    expect(answer).toMatchObject({ interim: [100], status: 201 });
  });

  test('within the limit is answered 100 Continue, and the file then read (upload)', async () => {
    const form = formData({ file: { name: 'diploma.pdf', data: await makePdf() } });

    const answer = await sendOnContinue(
      requestHead(
        '/api/uploads/',
        {
          'Content-Type': form.headers['content-type'],
          'Content-Length': form.payload.length,
          Expect: '100-continue',
        },
        { auth: true },
      ),
      form.payload,
    );

    expect(answer).toMatchObject({ interim: [100], status: 201 });
  });
});

describe('a multipart body cut off', () => {
  // Each route that takes a file, with the name of its file field.
  const FILE_ROUTES: [string, string][] = [
    ['/api/uploads/', 'file'],
    ['/api/verifications/', 'file'],
    ['/api/templates/', 'logo'],
    ['/api/bulk-operations/', 'sheet'],
    ['/api/support/messages/', 'attachment'],
  ];

  test.each(FILE_ROUTES)(
    'inside a file part is a 400 that says so, and leaves nothing behind (%s)',
    async (path, field) => {
      const form = formData({ [field]: { data: Buffer.alloc(100_000, '%') } });
      const cutOff = form.payload.subarray(0, form.payload.length - 1000);

      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { ...user.headers, ...form.headers },
        payload: cutOff,
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'malformed_multipart',
        message: 'The upload was cut off before it ended. Send it again.',
      });
      expect(await uploadFolderFiles()).toEqual([]);
      expect(unexpectedErrors()).toEqual([]);
    },
  );

  /** An upload that announces more than it sends, stopped after part of its file is on disk. */
  async function startCutOffUpload(): Promise<Socket> {
    const form = formData({ file: { data: Buffer.alloc(MEBIBYTE, '%') } });
    const socket = await openConnection();
    socket.write(
      requestHead(
        '/api/uploads/',
        { 'Content-Type': form.headers['content-type'], 'Content-Length': form.payload.length },
        { auth: true },
      ),
    );
    socket.write(form.payload.subarray(0, form.payload.length / 2));
    await eventually(async () => (await uploadFolderFiles()).length === 1, 'the file is written');
    return socket;
  }

  test('by a client that ends its side of the connection is a 400 that says so', async () => {
    const socket = await startCutOffUpload();
    const answer = readAnswer(socket);

    socket.end();

    expect(await answer).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'The request was cut off before it ended. Send it again.',
        },
      },
    });
    await eventually(async () => (await uploadFolderFiles()).length === 0, 'the folder is empty');
    expect(unexpectedErrors()).toEqual([]);
  });

  test('by a client that goes away leaves no file and logs no error', async () => {
    const socket = await startCutOffUpload();

    socket.destroy();

    await eventually(async () => (await uploadFolderFiles()).length === 0, 'the folder is empty');
    await eventually(
      async () => logLines.some((line) => line.msg.includes('cut off')),
      'the request is logged',
    );
    expect(unexpectedErrors()).toEqual([]);
  });
});
