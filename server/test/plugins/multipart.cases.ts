// A form's file part waits in DATA_DIR/tmp/uploads while its request runs, and goes when the request is over,
// however it ended; the folder starts empty.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';

import { z } from 'zod';

import { uploadTempFolder } from '../../src/lib/upload-temp-files';
import { uploadedFileField } from '../../src/plugins/multipart';
import { createTempDir, createTestApp } from '../helpers/test-app';

import type { ZodTypeProvider } from '../../src/lib/zod-schemas';
import type { FastifyInstance } from 'fastify';

const BOUNDARY = 'qrvboundary';
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const uploadBody = z.object({ document: uploadedFileField, title: z.string().min(1) });

let app: FastifyInstance;
let folder: string;
/** What each request's handler saw: the file's path and whether it was there. */
let seen: { path: string; isOnDisk: boolean }[];
/** Files in the folder when validation started, for requests that never reach the handler. */
let beforeValidation: string[][];
/** Holds the slow route's handler until the test lets it answer. */
let releaseHandler: () => void;
/** A DATA_DIR of the test's own, removed after the app. */
let ownDataDir: string | undefined;

function filePart(bytes: Buffer | string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${bytes.toString()}\r\n`;
}

function textPart(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function addTestRoutes(instance: FastifyInstance): void {
  const routes = instance.withTypeProvider<ZodTypeProvider>();
  const options = {
    config: { access: 'public' as const },
    schema: { body: uploadBody },
    preValidation: async () => {
      beforeValidation.push(await readdir(folder));
    },
  };
  routes.post('/api/test/upload/', options, async (request) => {
    const { path: filePath } = request.body.document;
    seen.push({ path: filePath, isOnDisk: existsSync(filePath) });
    return { size: request.body.document.size };
  });
  routes.post('/api/test/slow-upload/', options, async (request) => {
    const released = new Promise<void>((resolve) => (releaseHandler = resolve));
    seen.push({ path: request.body.document.path, isOnDisk: true });
    await released;
    seen.push({
      path: request.body.document.path,
      isOnDisk: existsSync(request.body.document.path),
    });
    return { ok: true };
  });
}

async function startApp(env: Record<string, string> = {}): Promise<void> {
  seen = [];
  beforeValidation = [];
  app = await createTestApp({ env });
  addTestRoutes(app);
  await app.ready();
  folder = uploadTempFolder(app.config.DATA_DIR);
}

afterEach(async () => {
  await app?.close();
  if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  ownDataDir = undefined;
});

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const isFolderEmpty = async () => (await readdir(folder)).length === 0;

/** A raw connection to the listening app, sending a form's head and then whatever the test writes. */
async function openUpload(url: string, contentLength: number): Promise<Socket> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM_TYPE}\r\nContent-Length: ${contentLength}\r\n\r\n`,
  );
  return socket;
}

describe('the upload folder', () => {
  test('is emptied when the app starts: files a crash left are removed', async () => {
    ownDataDir = await createTempDir();
    const leftOver = uploadTempFolder(ownDataDir);
    await mkdir(path.join(leftOver, 'stray-folder'), { recursive: true });
    await writeFile(path.join(leftOver, 'crashed-upload'), 'half a file');

    await startApp({ DATA_DIR: ownDataDir });

    expect(folder).toBe(leftOver);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe("a form's file part", () => {
  beforeEach(async () => {
    await startApp();
  });

  test('is on disk, whole, while the handler runs, and gone once the answer is sent', async () => {
    const bytes = '%PDF'.repeat(1000);

    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': FORM_TYPE },
      payload: `${filePart(bytes)}${textPart('title', 'Diploma')}--${BOUNDARY}--\r\n`,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ size: bytes.length });
    expect(seen).toEqual([{ path: expect.stringContaining(folder), isOnDisk: true }]);
    await eventually(async () => !existsSync(seen[0].path), 'the file is removed');
    expect(await readdir(folder)).toEqual([]);
  });

  test('is removed after a validation error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': FORM_TYPE },
      payload: `${filePart('%PDF-1.7')}--${BOUNDARY}--\r\n`,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ title: ['This field is required.'] });
    expect(beforeValidation).toEqual([[expect.any(String)]]);
    expect(seen).toEqual([]);
    await eventually(isFolderEmpty, 'the folder is empty');
  });

  test('over its limit is refused with a 413 naming the field, and removed', async () => {
    await app.close();
    await startApp({ BODY_LIMIT_BYTES: '1024' });

    // Within what the whole form may weigh (a 1 KiB file and 1 KiB of other fields): found out while it is read.
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': FORM_TYPE },
      payload: `${filePart('%'.repeat(1500))}${textPart('title', 'Diploma')}--${BOUNDARY}--\r\n`,
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'body_too_large',
      message: 'The file is larger than the 1 KiB limit',
      details: { document: ['The file is larger than the 1 KiB limit'] },
    });
    expect(await readdir(folder)).toEqual([]);
  });

  test('in a form that says it is larger than the route takes is refused before it is read', async () => {
    await app.close();
    await startApp({ BODY_LIMIT_BYTES: '1024' });

    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': FORM_TYPE },
      payload: `${filePart('%'.repeat(5000))}${textPart('title', 'Diploma')}--${BOUNDARY}--\r\n`,
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'body_too_large',
      message:
        'The form is larger than this request takes: a file of up to 1 KiB and 1 KiB of other fields.',
    });
    expect(beforeValidation).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  test("that the disk fails to take is the server's fault: a 500, and removed", async () => {
    // The module itself, whose open() the plugin calls (a namespace import would be a copy of it).
    const fsPromises = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
    const realOpen = fsPromises.open;
    // A full disk, as the file's write stream would report it.
    const fullDisk = () =>
      new Writable({
        write(_chunk, _encoding, done) {
          done(
            Object.assign(new Error('ENOSPC: no space left on device, write'), {
              code: 'ENOSPC',
              syscall: 'write',
            }),
          );
        },
      });
    const open = jest.spyOn(fsPromises, 'open').mockImplementation(async (...args) => {
      const handle = await realOpen(...args);
      if (String(args[0]).startsWith(folder)) {
        jest.spyOn(handle, 'createWriteStream').mockImplementation(() => {
          void handle.close();
          return fullDisk() as ReturnType<typeof handle.createWriteStream>;
        });
      }
      return handle;
    });

    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload/',
      headers: { 'content-type': FORM_TYPE },
      payload: `${filePart('%PDF-1.7')}${textPart('title', 'Diploma')}--${BOUNDARY}--\r\n`,
    });
    open.mockRestore();

    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    await eventually(isFolderEmpty, 'the folder is empty');
  });

  test('a JSON body shaped like a file part does not pass as one', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload/',
      payload: {
        title: 'Diploma',
        document: { filename: 'a.pdf', mimetype: 'application/pdf', path: '/etc/hosts', size: 1 },
      },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      document: ['Attach the document as a file.'],
    });
    expect(seen).toEqual([]);
  });

  test('is removed when the client leaves in the middle of the file', async () => {
    const socket = await openUpload('/api/test/upload/', 1_000_000);
    socket.write(filePart('%PDF').slice(0, -2));
    socket.write('%'.repeat(100_000));
    await eventually(async () => (await readdir(folder)).length === 1, 'the file part is written');

    socket.destroy();

    await eventually(isFolderEmpty, 'the folder is empty');
    expect(seen).toEqual([]);
  });

  test('stays while the handler runs after the client left, and goes once it answers', async () => {
    const body = `${filePart('%PDF-1.7')}${textPart('title', 'Diploma')}--${BOUNDARY}--\r\n`;
    const socket = await openUpload('/api/test/slow-upload/', Buffer.byteLength(body));
    socket.write(body);
    await eventually(async () => seen.length === 1, 'the handler runs');

    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(seen[0].path)).toBe(true);

    releaseHandler();
    await eventually(isFolderEmpty, 'the folder is empty');
    expect(seen[1]).toEqual({ path: seen[0].path, isOnDisk: true });
  });
});
