// Resumable uploads of a bulk operation's files (the tus protocol, https://tus.io): a zip of up to a gigabyte goes
// up in pieces, and a dropped connection or a reload resumes where the server's copy ends instead of starting
// again. The pieces are written to DATA_DIR/resumable-uploads as they arrive (never held in memory; an unfinished
// upload is dropped after a day, as a staged file is); the last one stages the whole file as any other bulk upload
// (bulk-uploads.ts) under the same id, which the client reads from the upload's URL (or the last answer's JSON) and
// names in the preview and the create.
import path from 'node:path';

import { BULK_UPLOAD_KINDS, type BulkUploadKind } from '@common/bulk-schemas';

import { AppError } from '../../lib/app-error';
import { UploadedFile } from '../../lib/upload-temp-files';

import { BULK_UPLOAD_TTL_MS, stageBulkUpload } from './bulk-uploads';

import type { Storage } from '../../storage/storage';
import type { FileStore } from '@tus/file-store';
import type { Server, ServerOptions } from '@tus/server';
import type { IncomingMessage, ServerResponse } from 'node:http';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

/** A refusal as the tus server sends it: the status and our API's error body. */
function refusal(statusCode: number, message: string, field = 'file') {
  const body = { error: { code: 'invalid_upload', message, details: { [field]: [message] } } };
  return { status_code: statusCode, body: JSON.stringify(body) };
}

/** The tus server's own refusals (plain text, e.g. "Upload-Offset conflict") in our API's error body. */
function asApiError(error: { status_code?: number; body?: string; message?: string }) {
  const statusCode = error.status_code ?? 500;
  const text = (error.body ?? error.message ?? '').trim();
  if (text.startsWith('{')) return { status_code: statusCode, body: text };
  const message =
    statusCode >= 500 ? 'The upload could not be kept. Try again.' : text || 'Bad upload request.';
  return {
    status_code: statusCode,
    body: JSON.stringify({ error: { code: 'invalid_upload', message } }),
  };
}

export interface ResumableUploadSettings {
  dataDir: string;
  /** Where the uploads are answered, e.g. '/api/bulk-operations/uploads/resumable'. */
  path: string;
  storage: Storage;
  maxBytes: Record<BulkUploadKind, number>;
  /** Asks for a sweep after the upload's day: called when one starts and when it is staged. */
  scheduleSweep(): Promise<unknown>;
}

export function resumableUploadsFolder(dataDir: string): string {
  return path.join(dataDir, 'resumable-uploads');
}

interface TusServer {
  server: Server;
  datastore: FileStore;
}

/** The tus server and its file store; `senderOf` names the signed-in user a request came from. */
async function createTusServer(
  settings: ResumableUploadSettings,
  senderOf: (request: TusRequest) => string,
): Promise<TusServer> {
  const [{ FileStore }, { Server }] = await Promise.all([
    import('@tus/file-store'),
    import('@tus/server'),
  ]);
  const directory = resumableUploadsFolder(settings.dataDir);
  const datastore = new FileStore({
    directory,
    expirationPeriodInMilliseconds: BULK_UPLOAD_TTL_MS,
  });
  const server = new Server({
    path: settings.path,
    datastore,
    relativeLocation: true,
    maxSize: Math.max(...Object.values(settings.maxBytes)),
    // A random UUID: the same id then names the staged file.
    namingFunction: () => crypto.randomUUID(),
    async onUploadCreate(request, upload) {
      const userId = senderOf(request);
      const kind = upload.metadata?.kind as BulkUploadKind | undefined;
      if (!kind || !BULK_UPLOAD_KINDS.includes(kind)) {
        throw refusal(400, 'Say which file this is: kind sheet, documents or design.', 'kind');
      }
      if (upload.size === undefined) throw refusal(400, 'Send the file’s length (Upload-Length).');
      if (upload.size === 0) throw refusal(400, 'The file is empty.');
      if (upload.size > settings.maxBytes[kind])
        throw refusal(413, `The ${kind} file is too large.`);
      const name = upload.metadata?.filename ?? upload.metadata?.name ?? kind;
      await settings.scheduleSweep();
      return { metadata: { kind, filename: name, owner: userId } };
    },
    // Only its sender may resume, read or cancel an upload; to anyone else it does not exist.
    async onIncomingRequest(request, uploadId) {
      const userId = senderOf(request);
      if (request.method === 'POST' || !uploadId) return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (upload?.metadata?.owner !== userId) throw refusal(404, 'There is no such upload.');
    },
    onResponseError: (_request, error) => asApiError(error),
    async onUploadFinish(request, upload) {
      const metadata = upload.metadata ?? {};
      const file = new UploadedFile(
        metadata.filename ?? 'upload',
        'application/octet-stream',
        path.join(directory, upload.id),
        upload.size ?? 0,
      );
      const staged = await stageBulkUpload(
        settings.storage,
        senderOf(request),
        metadata.kind as BulkUploadKind,
        file,
        { id: upload.id },
      );
      await datastore.remove(upload.id);
      await settings.scheduleSweep();
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(staged),
      };
    },
  });
  return { server, datastore };
}

export function createResumableUploads(settings: ResumableUploadSettings) {
  // Who sent each request: the route has signed it in before the tus server sees it.
  const senders = new WeakMap<IncomingMessage, string>();
  const senderOf = (request: TusRequest): string => {
    const raw = (request as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
    const userId = raw && senders.get(raw);
    if (!userId) throw refusal(401, 'Sign in to upload.');
    return userId;
  };
  // @tus/server and its file store (~30 modules) load with the first resumable upload or sweep, not at start.
  let tus: Promise<TusServer> | undefined;
  const tusServer = () => (tus ??= createTusServer(settings, senderOf));

  return {
    /**
     * What is refused before the tus server sees the request, in the API's own errors: another user's upload (as
     * if it did not exist) and a request that does not speak tus.
     */
    async check(request: IncomingMessage, userId: string, uploadId?: string) {
      if (uploadId) {
        const { datastore } = await tusServer();
        const upload = await datastore.getUpload(uploadId).catch(() => null);
        if (upload?.metadata?.owner !== userId)
          throw new AppError({
            statusCode: 404,
            code: 'not_found',
            message: 'There is no such upload.',
          });
      }
      if (request.headers['tus-resumable'] !== '1.0.0') {
        throw new AppError({
          statusCode: 412,
          code: 'tus_resumable_required',
          message: 'This is a tus 1.0.0 upload endpoint: send the header Tus-Resumable: 1.0.0.',
        });
      }
    },
    /** Answers one tus request (POST, HEAD, PATCH, DELETE, OPTIONS) from a signed-in user. */
    async handle(request: IncomingMessage, response: ServerResponse, userId: string) {
      senders.set(request, userId);
      await (await tusServer()).server.handle(request, response);
    },
    /** Removes unfinished uploads past their day (finished ones are staged and gone from here). */
    removeExpired: async () => (await tusServer()).server.cleanUpExpiredUploads(),
  };
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;
