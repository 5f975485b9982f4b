// Requests built to make the server spend memory or time far beyond their size, sent as a hostile signed-in user
// would: each is refused with a 4xx while the process grows by less than 200 MB (measured at its peak, workers
// included, as they share the process).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo } from 'node:net';

import { createTestApp } from '../../helpers/test-app';
import {
  makeJpegDeclaring,
  makeObjectStreamBomb,
  makePngHidingItsHeader,
} from '../../helpers/test-documents';
import {
  formData,
  signedInUser,
  uploadVerification,
  type TestUser,
} from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const MEBIBYTE = 1024 * 1024;
const MOST_GROWTH_BYTES = 200 * MEBIBYTE;
const SAMPLE_EVERY_MS = 5;

let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  user = await signedInUser(app);
  // Starts a securing worker and loads what it uses, so the growth measured is the bomb's alone.
  expect((await uploadVerification(app, user)).statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** Runs the attack and answers its result with how far the process's memory rose above where it started. */
async function peakGrowth<T>(attack: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, SAMPLE_EVERY_MS);
  try {
    const result = await attack();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

test.each([
  [
    'a PDF whose 1.8 MB object stream inflates to 1.8 GB',
    'bomb.pdf',
    () => makeObjectStreamBomb(1_800 * MEBIBYTE),
    413,
    'pdf_too_complex',
  ],
  [
    'a PNG declaring 20000 × 20000 behind a chunk before its header',
    'bomb.png',
    () => makePngHidingItsHeader(20_000, 20_000),
    400,
    'invalid_image',
  ],
  [
    'a JPEG of a few hundred bytes declaring 65500 × 65500',
    'bomb.jpg',
    () => makeJpegDeclaring(65_500, 65_500),
    413,
    'image_too_large',
  ],
])(
  '%s is refused',
  async (_case, name, make, status, code) => {
    const file = { name, data: make() };
    const stage = () => {
      const form = formData({ file });
      return app.inject({
        method: 'POST',
        url: '/api/uploads/',
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
    };

    // Secured at once, and staged for the picker: both read the document the same way.
    for (const send of [() => uploadVerification(app, user, { file }), stage]) {
      const { result, growth } = await peakGrowth(send);
      expect(result.statusCode).toBe(status);
      expect(result.json()).toMatchObject({ error: { code } });
      expect(growth).toBeLessThan(MOST_GROWTH_BYTES);
    }
  },
  60_000,
);

const BOUNDARY = 'qrvbomb';

/** Endless 24 MB file parts, made as they are sent, so the client holds none of them. */
async function* manyFileParts(count: number): AsyncGenerator<Buffer> {
  const zeros = Buffer.alloc(MEBIBYTE);
  for (let part = 0; part < count; part += 1) {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${part}.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    for (let mebibyte = 0; mebibyte < 24; mebibyte += 1) yield zeros;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** Streams the body until the server answers, then stops sending; answers the status and body. */
function sendUntilAnswered(
  port: number,
  body: AsyncGenerator<Buffer>,
): Promise<{ statusCode: number; body: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/verifications/',
      headers: {
        ...user.headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'transfer-encoding': 'chunked',
      },
    });
    request.on('response', (response: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({
          statusCode: response.statusCode!,
          body: Buffer.concat(chunks).toString(),
          sentBytes,
        });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      for await (const chunk of body) {
        if (answered || request.destroyed) return;
        sentBytes += chunk.length;
        if (!request.write(chunk)) {
          await new Promise((drained) => {
            request.once('drain', drained);
            request.once('close', drained);
          });
        }
      }
      request.end();
    })().catch(() => undefined);
  });
}

test('70 file parts of 24 MB each are refused at the second part, not buffered', async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  const { result, growth } = await peakGrowth(() => sendUntilAnswered(port, manyFileParts(70)));

  expect(result.statusCode).toBe(400);
  expect(JSON.parse(result.body)).toMatchObject({
    error: { code: 'unexpected_file', message: 'Send one file per request.' },
  });
  // The answer came while the client was still sending: far from all 1.7 GB went out.
  expect(result.sentBytes).toBeLessThan(200 * MEBIBYTE);
  expect(growth).toBeLessThan(MOST_GROWTH_BYTES);
}, 60_000);
