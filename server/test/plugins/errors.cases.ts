import { z } from 'zod';

import { AppError } from '../../src/lib/app-error';
import { uploadedFileField } from '../../src/plugins/multipart';
import { sharedTestApp } from '../helpers/test-app';

import type { ZodTypeProvider } from '../../src/lib/zod-schemas';
import type { FastifyInstance } from 'fastify';

const SUPPORT_EMAIL = 'help@example.com';

let logLines: Record<string, unknown>[] = [];

const signUpBody = z.object({
  email: z.email('Invalid email address'),
  first_name: z.string().min(3, 'Name must be at least 3 characters'),
});

const uploadBody = z.object({ document: uploadedFileField });

function filePart(boundary: string, name: string, bytes: number): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'%'.repeat(bytes)}\r\n`;
}

// Test routes declare who may call them, as every route under /api/ must (plugins/auth.ts).
const isPublic = { config: { access: 'public' } } as const;

function addTestRoutes(instance: FastifyInstance): void {
  instance
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/test/sign-up/', { ...isPublic, schema: { body: signUpBody } }, async (request) => ({
      received: request.body,
    }));
  instance
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/test/upload/', { ...isPublic, schema: { body: uploadBody } }, async (request) => ({
      received: request.body.document.size,
    }));
  instance.get('/api/test/taken/', isPublic, async () => {
    throw new AppError({
      statusCode: 400,
      code: 'email_taken',
      message: 'A user with this email already exists.',
      details: { email: ['A user with this email already exists.'] },
    });
  });
  instance.get('/api/test/crash/', isPublic, async () => {
    throw new Error('connection to db failed: password hunter2 rejected');
  });
}

// One app per environment for the whole file: these plugins keep nothing between requests.
async function startApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  logLines = [];
  return sharedTestApp(
    {
      env: { SUPPORT_EMAIL, LOG_LEVEL: 'info', ...env },
      logStream: { write: (line) => logLines.push(JSON.parse(line)) },
    },
    addTestRoutes,
  );
}

function multipartBody(boundary: string, fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

describe('addresses', () => {
  test('a URL with broken %-encoding is a 400 in the API’s envelope, on the API and the public pages', async () => {
    const app = await startApp();
    for (const url of ['/api/verifications/%E0%A4%A/', '/v/%E0%A4%A']) {
      const response = await app.inject({ url });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          message: 'The address is not valid: it has a broken %-encoding.',
          code: 'bad_request',
        },
      });
    }
  });
});

describe('request bodies', () => {
  test('malformed JSON is a 400 that says so', async () => {
    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { message: 'Malformed JSON body', code: 'malformed_json' },
    });
  });

  test('an unsupported content type is a 415 naming it', async () => {
    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'text/csv' },
      payload: 'email,first_name',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(
      /^Unsupported content type "text\/csv"\. Send application\/json/,
    );
  });

  test('a body over the limit is a 413 naming the limit', async () => {
    const response = await (
      await startApp({ BODY_LIMIT_BYTES: '1024' })
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      payload: { email: 'ada@example.com', first_name: 'x'.repeat(2000) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'body_too_large',
      message: 'Request body is larger than the 1 KiB limit.',
    });
  });

  test('a form-encoded body over the limit is a 413 too', async () => {
    const response = await (
      await startApp({ BODY_LIMIT_BYTES: '1024' })
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=ada%40example.com&first_name=${'x'.repeat(2000)}`,
    });

    expect(response.statusCode).toBe(413);
  });

  test('form-encoded and multipart bodies are validated like JSON', async () => {
    const instance = await startApp();
    const boundary = 'qrvboundary';

    const formEncoded = await instance.inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40example.com&first_name=Ada',
    });
    const multipart = await instance.inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(boundary, { email: 'ada@example.com', first_name: 'Ada' }),
    });

    expect(formEncoded.json()).toEqual({
      received: { email: 'ada@example.com', first_name: 'Ada' },
    });
    expect(multipart.json()).toEqual({ received: { email: 'ada@example.com', first_name: 'Ada' } });
  });

  test('multipart without a boundary is a 400', async () => {
    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'email=ada@example.com',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'malformed_multipart',
      message: 'Malformed multipart form data.',
    });
  });

  test('truncated multipart data is a 400', async () => {
    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'multipart/form-data; boundary=qrvboundary' },
      payload: '--qrvboundary\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@exa',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('malformed_multipart');
  });

  test('a multipart field over the limit is a 413 naming the limit', async () => {
    const response = await (
      await startApp({ BODY_LIMIT_BYTES: '1024' })
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': 'multipart/form-data; boundary=qrvboundary' },
      // Within what the whole form may weigh (a 1 KiB file and 1 KiB of other fields): refused as it is read.
      payload: multipartBody('qrvboundary', {
        email: 'ada@example.com',
        first_name: 'x'.repeat(1500),
      }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'A form field or file is larger than the 1 KiB limit.',
    );
  });

  test('a multipart file over the limit is a 413', async () => {
    const boundary = 'qrvboundary';
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'%'.repeat(2000)}\r\n--${boundary}--\r\n`;

    const response = await (
      await startApp({ BODY_LIMIT_BYTES: '1024' })
    ).inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: file,
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('body_too_large');
  });

  // Many file parts were once all read (gigabytes) before any answer.
  test('a second file part is refused at once, not read', async () => {
    const boundary = 'qrvboundary';
    // Within what the whole form may weigh (a 1 MiB file and 1 MiB of other fields): refused as it is read.
    const parts = Array.from({ length: 8 }, () => filePart(boundary, 'document', 200_000));

    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'unexpected_file',
      message: 'Send one file per request.',
    });
  });

  test('a file under a name the route does not take is refused before it is read', async () => {
    const boundary = 'qrvboundary';

    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${filePart(boundary, 'avatar', 500_000)}--${boundary}--\r\n`,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'unexpected_file',
      message: 'This request takes no file named "avatar".',
    });
  });
});

describe('validation', () => {
  test('lists each field with its messages, and summarises them', async () => {
    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      payload: { email: 'not-an-email', first_name: 'Al' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message:
          'Invalid body: email: Invalid email address; first_name: Name must be at least 3 characters',
        details: {
          email: ['Invalid email address'],
          first_name: ['Name must be at least 3 characters'],
        },
      },
    });
  });

  test('a missing field is reported as required', async () => {
    const response = await (
      await startApp()
    ).inject({
      method: 'POST',
      url: '/api/test/sign-up/',
      payload: { email: 'ada@example.com' },
    });

    expect(response.json().error.details).toEqual({ first_name: ['This field is required.'] });
  });
});

describe('answers', () => {
  test('an unknown /api/ path is a JSON 404', async () => {
    const response = await (await startApp()).inject({ method: 'GET', url: '/api/no-such-thing/' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: { message: 'Not found' } });
  });

  test('an unknown method on a known path is a JSON 404', async () => {
    const response = await (await startApp()).inject({ method: 'DELETE', url: '/api/health/' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { message: 'Not found' } });
  });

  test('a thrown AppError keeps its status, code, message and field details', async () => {
    const response = await (await startApp()).inject({ method: 'GET', url: '/api/test/taken/' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'email_taken',
        message: 'A user with this email already exists.',
        details: { email: ['A user with this email already exists.'] },
      },
    });
  });

  test('an unexpected error is a 500 with the support message and nothing internal', async () => {
    const response = await (await startApp()).inject({ method: 'GET', url: '/api/test/crash/' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'internal_error',
        message: `Something went wrong. Please reach out to us at ${SUPPORT_EMAIL}`,
      },
    });
    expect(response.body).not.toMatch(/hunter2|at .*\.ts|stack/);
  });

  test('an unexpected error is logged with the request it broke', async () => {
    await (await startApp()).inject({ method: 'GET', url: '/api/test/crash/?page=2' });

    const errorLine = logLines.find((line) => line.level === 50);
    expect(errorLine).toMatchObject({
      method: 'GET',
      url: '/api/test/crash/?page=2',
      reqId: expect.any(String),
      err: expect.objectContaining({ message: expect.stringContaining('connection to db failed') }),
    });
  });
});
