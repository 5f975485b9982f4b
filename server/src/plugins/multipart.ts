// Parses multipart/form-data into request.body (fields as strings, files as buffers) before validation,
// so a multipart form is validated like a JSON or urlencoded one; its errors become 400/413, never 500.
import multipart, { type Multipart } from '@fastify/multipart';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error';
import { formatBytes } from '../lib/format-bytes';

import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The largest file this route accepts in a multipart form, in bytes (default BODY_LIMIT_BYTES). */
    multipartFileLimit?: number;
  }
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const MAX_PARTS = 100;
const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function fieldTooLarge(limit: number): AppError {
  return new AppError({
    statusCode: 413,
    code: 'body_too_large',
    message: `A form field or file is larger than the ${formatBytes(limit)} limit.`,
  });
}

function toMultipartError(error: unknown, limit: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fieldTooLarge(limit);
  if (TOO_MANY_PARTS.has(code)) {
    return new AppError({
      statusCode: 413,
      code: 'body_too_large',
      message: `The form has too many fields or files (at most ${MAX_PARTS}).`,
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

async function readFile(part: Multipart & { type: 'file' }, fileLimit: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileTooLarge(part.fieldname, fileLimit);
    }
    throw error;
  }
}

async function readPart(part: Multipart, limit: number, fileLimit: number): Promise<unknown> {
  if (part.type === 'file') {
    return {
      filename: part.filename,
      mimetype: part.mimetype,
      data: await readFile(part, fileLimit),
    } satisfies UploadedFile;
  }
  // Busboy cuts an oversized field short without failing; a truncated value must not pass as the real one.
  if (part.valueTruncated) throw fieldTooLarge(limit);
  return part.value;
}

// A repeated field name collects its values into an array, as urlencoded parsing does.
function addValue(body: Record<string, unknown>, name: string, value: unknown): void {
  const existing = body[name];
  if (existing === undefined) body[name] = value;
  else body[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

async function readMultipartBody(
  request: FastifyRequest,
  limit: number,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const fileLimit = request.routeOptions.config.multipartFileLimit ?? limit;
  try {
    for await (const part of request.parts({ limits: { fileSize: fileLimit } })) {
      addValue(body, part.fieldname, await readPart(part, limit, fileLimit));
    }
  } catch (error) {
    throw toMultipartError(error, limit);
  }
  return body;
}

export default fp(
  async (app) => {
    const limit = app.config.BODY_LIMIT_BYTES;
    await app.register(multipart, {
      limits: { fieldSize: limit, fileSize: limit, parts: MAX_PARTS },
      throwFileSizeLimit: true,
    });
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart()) request.body = await readMultipartBody(request, limit);
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
