// Parses multipart/form-data into request.body (fields as strings, each file part streamed to a temporary file)
// before validation, so a multipart form is validated like a JSON or urlencoded one; its errors become 400/413,
// never 500 (a form cut off before its end included). The temporary files live in DATA_DIR/tmp/uploads and go when
// the request is over (upload-temp-files.ts).
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

import multipart, { type Multipart } from '@fastify/multipart';
import fp from 'fastify-plugin';
import { z } from 'zod';

import { AppError } from '../lib/app-error';
import { formatBytes } from '../lib/format-bytes';
import {
  emptyUploadTempFolder,
  RequestTempFiles,
  UploadedFile,
  uploadTempFolder,
} from '../lib/upload-temp-files';

import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The largest file this route accepts in a multipart form, in bytes (default BODY_LIMIT_BYTES); or the
     * largest for each file field by name, when a form carries files of different kinds.
     */
    multipartFileLimit?: number | Record<string, number>;
    /** How many file parts the form may carry (default 1). */
    multipartFiles?: number;
    /**
     * The form carries the JSON body as text in `data` beside its `logo` file (templates/fields.ts), for the OpenAPI
     * document. Said here rather than found by the preValidation hook's identity: instrumentation (Sentry's
     * Fastify integration) wraps route hooks, and a wrapped hook is another function.
     */
    jsonInDataPart?: boolean;
  }
}

/** A form's file part, as a route's schema names it: only this plugin makes one, never a JSON body. */
export const uploadedFileField = z.custom<UploadedFile>((value) => value instanceof UploadedFile, {
  error: (issue) =>
    issue.input === undefined ? 'This field is required.' : 'Attach the document as a file.',
});

function isSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** Writing a file part to disk failed (a full disk, say): the server's fault, so a 500, not the form's 400. */
class TempFileError extends Error {
  constructor(cause: unknown) {
    super('Could not write an uploaded file to the upload folder', { cause });
    this.name = 'TempFileError';
  }
}

const MAX_PARTS = 100;
const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

// A route takes one file unless it says otherwise: a file part past that, or one under a name the route does not
// declare, is refused as soon as its header arrives, before its bytes are read or written anywhere.
const DEFAULT_MAX_FILES = 1;

function unexpectedFile(message: string): AppError {
  return new AppError({ statusCode: 400, code: 'unexpected_file', message });
}

function fieldTooLarge(limit: number): AppError {
  return new AppError({
    statusCode: 413,
    code: 'body_too_large',
    message: `A form field or file is larger than the ${formatBytes(limit)} limit.`,
  });
}

function formTooLarge(limits: PartLimits, maxFiles: number): AppError {
  const files =
    maxFiles === 1
      ? `a file of up to ${formatBytes(limits.file)}`
      : `${maxFiles} files of up to ${formatBytes(limits.file)} each`;
  return new AppError({
    statusCode: 413,
    code: 'body_too_large',
    message: `The form is larger than this request takes: ${files} and ${formatBytes(limits.field)} of other fields.`,
  });
}

// How the request (Node's 'aborted'), @fastify/multipart and busboy say that the body ended before the form did.
function isCutOff(code: string, message: string): boolean {
  return (
    code === 'ECONNRESET' ||
    code === 'FST_MP_PREMATURE_CLOSE' ||
    /unexpected end of multipart data/i.test(message)
  );
}

function toMultipartError(error: unknown, limit: number, maxFiles: number): Error {
  if (error instanceof AppError || error instanceof TempFileError) return error;
  const { code = '', message = '' } = error as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fieldTooLarge(limit);
  if (code === 'FST_FILES_LIMIT') {
    return unexpectedFile(
      maxFiles === 1 ? 'Send one file per request.' : `Send at most ${maxFiles} files.`,
    );
  }
  if (TOO_MANY_PARTS.has(code)) {
    return new AppError({
      statusCode: 413,
      code: 'body_too_large',
      message: `The form has too many fields or files (at most ${MAX_PARTS}).`,
    });
  }
  // The client's doing (a dropped connection, a script that stopped writing), not the server's: a 400 it can act on.
  if (isCutOff(code, message)) {
    return new AppError({
      statusCode: 400,
      code: 'malformed_multipart',
      message: 'The upload was cut off before it ended. Send it again.',
    });
  }
  return new AppError({
    statusCode: 400,
    code: 'malformed_multipart',
    message: 'Malformed multipart form data.',
  });
}

function fileTooLarge(fieldName: string, limit: number): AppError {
  const message = `The file is larger than the ${formatBytes(limit)} limit`;
  return new AppError({
    statusCode: 413,
    code: 'body_too_large',
    message,
    details: { [fieldName]: [message] },
  });
}

async function writeFile(
  part: Multipart & { type: 'file' },
  fileLimit: number,
  tempFiles: RequestTempFiles,
): Promise<UploadedFile> {
  const filePath = tempFiles.newPath();
  // Opened before the bytes flow, so the file exists by the time a failure removes the request's files.
  const handle = await open(filePath, 'wx').catch((error: unknown) => {
    throw new TempFileError(error);
  });
  const out = handle.createWriteStream();
  try {
    await pipeline(part.file, out);
  } catch (error) {
    // pipeline() rejects with the same error whichever side failed, and a part cut off mid-file is destroyed without
    // an 'error' of its own. The disk's failures (ENOSPC, EIO) are system errors naming their call; the form's are not.
    throw isSystemError(error) ? new TempFileError(error) : error;
  }
  // Busboy stops at the limit and ends the part as if it were whole.
  if (part.file.truncated) throw fileTooLarge(part.fieldname, fileLimit);
  return new UploadedFile(part.filename, part.mimetype, filePath, out.bytesWritten);
}

interface PartLimits {
  field: number;
  /** Busboy's limit: the largest any file may be. */
  file: number;
  /** A smaller limit for some file fields, by name. */
  fileByField: Record<string, number>;
}

async function readPart(
  part: Multipart,
  limits: PartLimits,
  tempFiles: RequestTempFiles,
): Promise<unknown> {
  if (part.type === 'file') {
    const file = await writeFile(part, limits.file, tempFiles);
    const fieldLimit = limits.fileByField[part.fieldname];
    // Checked once written: busboy's limit (the largest field's) already bounds what reaches the disk.
    if (fieldLimit !== undefined && file.size > fieldLimit)
      throw fileTooLarge(part.fieldname, fieldLimit);
    return file;
  }
  // Busboy cuts an oversized field short without failing; a truncated value must not pass as the real one.
  if (part.valueTruncated) throw fieldTooLarge(limits.field);
  return part.value;
}

// A repeated field name collects its values into an array, as urlencoded parsing does.
function addValue(body: Record<string, unknown>, name: string, value: unknown): void {
  const existing = body[name];
  if (existing === undefined) body[name] = value;
  else body[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** The body fields the route's schema declares, or null when it declares none it can name. */
function declaredFields(request: FastifyRequest): Set<string> | null {
  const shape = (
    request.routeOptions.schema?.body as { shape?: Record<string, unknown> } | undefined
  )?.shape;
  return shape ? new Set(Object.keys(shape)) : null;
}

/** The most a form may weigh: as many files as the route takes at their limit, and fields as much as a JSON body. */
function formLimit(limits: PartLimits, maxFiles: number): number {
  return maxFiles * limits.file + limits.field;
}

async function readMultipartBody(
  request: FastifyRequest,
  limit: number,
  tempFiles: RequestTempFiles,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const { multipartFileLimit = limit, multipartFiles = DEFAULT_MAX_FILES } =
    request.routeOptions.config;
  const byField = typeof multipartFileLimit === 'number' ? {} : multipartFileLimit;
  const limits: PartLimits = {
    field: limit,
    file:
      typeof multipartFileLimit === 'number'
        ? multipartFileLimit
        : Math.max(...Object.values(byField)),
    fileByField: byField,
  };
  // Refused by its declared length before a byte is read: a client that sent `Expect: 100-continue` (body-refusals.ts)
  // then never sends the body at all.
  if (Number(request.headers['content-length']) > formLimit(limits, multipartFiles)) {
    throw formTooLarge(limits, multipartFiles);
  }
  const declared = declaredFields(request);
  try {
    const parts = request.parts({ limits: { fileSize: limits.file, files: multipartFiles } });
    for await (const part of parts) {
      if (part.type === 'file' && declared && !declared.has(part.fieldname)) {
        throw unexpectedFile(`This request takes no file named "${part.fieldname}".`);
      }
      addValue(body, part.fieldname, await readPart(part, limits, tempFiles));
    }
  } catch (error) {
    // No handler will see these files (a client that left mid-file lands here too): they go at once.
    await tempFiles.removeAll();
    throw toMultipartError(error, limit, multipartFiles);
  }
  return body;
}

const requestTempFiles = new WeakMap<FastifyRequest, RequestTempFiles>();

function trackTempFiles(request: FastifyRequest, reply: FastifyReply, folder: string) {
  const tempFiles = new RequestTempFiles(folder);
  requestTempFiles.set(request, tempFiles);
  // Fires whether the answer went out or the client left first; onResponse only runs in the first case.
  reply.raw.once('close', () => {
    tempFiles
      .closed()
      .catch((error: unknown) =>
        request.log.warn({ err: error }, 'Could not remove uploaded files'),
      );
  });
  return tempFiles;
}

export default fp(
  async (app) => {
    const limit = app.config.BODY_LIMIT_BYTES;
    const folder = uploadTempFolder(app.config.DATA_DIR);
    await emptyUploadTempFolder(folder);
    await app.register(multipart, {
      limits: { fieldSize: limit, fileSize: limit, parts: MAX_PARTS },
      throwFileSizeLimit: true,
    });
    app.addHook('preValidation', async (request, reply) => {
      if (!request.isMultipart()) return;
      request.body = await readMultipartBody(
        request,
        limit,
        trackTempFiles(request, reply, folder),
      );
    });
    // The handler or the error handler has answered: it no longer reads the files.
    app.addHook('onSend', async (request, _reply, payload) => {
      await requestTempFiles.get(request)?.answered();
      return payload;
    });
    app.addHook('onResponse', async (request) => {
      await requestTempFiles.get(request)?.removeAll();
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
