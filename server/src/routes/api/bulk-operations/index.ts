// /api/bulk-operations/: secure many documents from a sheet, in the background. Stage the sheet, the zip or the
// design once (uploads/), then preview the sheet for the mapping step and create (naming the staged files, or as
// a multipart form with the files themselves), list, read, start, cancel, follow progress (Server-Sent Events),
// download the result zip and report, delete.
import { z } from 'zod';

import { BULK_FINAL_STATUSES, BULK_MODES } from '@common/bulk';
import {
  BULK_UPLOAD_KINDS,
  bulkOperationIdParams,
  bulkOperationListQuerySchema,
  bulkOperationPageSchema,
  bulkOperationSchema,
  bulkUploadSchema,
  newBulkOperationFields,
  sheetPreviewSchema,
  type BulkOperation,
} from '@common/bulk-schemas';
import { optionalFormField } from '@common/verifications-schemas';

import { fieldError } from '../../../lib/app-error';
import { attachment } from '../../../lib/content-disposition';
import { signedInUser, type AreaAccess } from '../../../plugins/auth';
import { uploadedFileField } from '../../../plugins/multipart';

import resumableUploadRoutes from './resumable-uploads';

import type { UploadedFile } from '../../../lib/upload-temp-files';
import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';

const VIEW_BULK: AreaAccess = { area: 'bulk', level: 'view' };
const EDIT_BULK: AreaAccess = { area: 'bulk', level: 'edit' };

// Each file as a form's part, or the id it was staged under (a JSON body names ids only).
const fileParts = {
  sheet: uploadedFileField.optional(),
  documents: uploadedFileField.optional(),
  design: uploadedFileField.optional(),
};
const uploadIdFields = {
  sheet_upload_id: optionalFormField(z.string()),
  documents_upload_id: optionalFormField(z.string()),
  design_upload_id: optionalFormField(z.string()),
};

const createBody = newBulkOperationFields.extend({ ...fileParts, ...uploadIdFields });

const previewBody = z.object({
  sheet: fileParts.sheet,
  sheet_upload_id: uploadIdFields.sheet_upload_id,
  mode: optionalFormField(z.enum(BULK_MODES, { error: 'Must be documents or design.' })),
});

const uploadBody = z.object(fileParts);

type FileFields = Partial<Record<(typeof BULK_UPLOAD_KINDS)[number], UploadedFile>> &
  Partial<Record<`${(typeof BULK_UPLOAD_KINDS)[number]}_upload_id`, string>>;

/** The body's files and upload ids, as the services take them. */
function bulkFiles(body: FileFields) {
  return {
    files: { sheet: body.sheet, documents: body.documents, design: body.design },
    uploadIds: {
      sheet: body.sheet_upload_id,
      documents: body.documents_upload_id,
      design: body.design_upload_id,
    },
  };
}

// How often an events stream looks for news, and says it is alive through proxies that close quiet connections.
const EVENTS_POLL_MS = 1000;
const EVENTS_HEARTBEAT_MS = 15_000;

function isFinal(operation: BulkOperation): boolean {
  return BULK_FINAL_STATUSES.includes(operation.status);
}

function sendEvent(raw: ServerResponse, operation: BulkOperation): void {
  raw.write(`event: progress\nid: ${operation.processed}\ndata: ${JSON.stringify(operation)}\n\n`);
}

const bulkOperationsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const bulk = app.services.bulk;
  const canView = { config: { access: VIEW_BULK }, schema: { params: bulkOperationIdParams } };
  // Open event streams end when the app closes, or it would wait for their clients.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });

  routes.post(
    '/',
    {
      onRequest: app.limitUploadsPerIp,
      schema: { body: createBody, response: { 201: bulkOperationSchema } },
      config: {
        access: EDIT_BULK,
        multipartFiles: 2,
        multipartFileLimit: {
          sheet: app.config.BULK_SHEET_MAX_BYTES,
          documents: app.config.BULK_MAX_ZIP_BYTES,
          design: app.config.UPLOAD_MAX_BYTES,
        },
      },
    },
    async (request, reply) => {
      const {
        sheet: _sheet,
        documents: _documents,
        design: _design,
        sheet_upload_id: _sheetUploadId,
        documents_upload_id: _documentsUploadId,
        design_upload_id: _designUploadId,
        ...fields
      } = request.body;
      const operation = await bulk.create(signedInUser(request), {
        fields,
        ...bulkFiles(request.body),
      });
      return reply.code(201).send(operation);
    },
  );

  // One file a request, as the part named for its kind: each kind has its own size limit (413 past it).
  routes.post(
    '/uploads/',
    {
      onRequest: app.limitUploadsPerIp,
      schema: { body: uploadBody, response: { 201: bulkUploadSchema } },
      config: {
        access: EDIT_BULK,
        multipartFiles: 1,
        multipartFileLimit: {
          sheet: app.config.BULK_SHEET_MAX_BYTES,
          documents: app.config.BULK_MAX_ZIP_BYTES,
          design: app.config.UPLOAD_MAX_BYTES,
        },
      },
    },
    async (request, reply) => {
      const kind = BULK_UPLOAD_KINDS.find((name) => request.body[name]);
      if (!kind) throw fieldError('sheet', 'Attach one file as sheet, documents or design.');
      const upload = await bulk.stageUpload(signedInUser(request).id, kind, request.body[kind]!);
      return reply.code(201).send(upload);
    },
  );

  // The same, resumable (tus), for the zip of documents that may be a gigabyte.
  await app.register(resumableUploadRoutes);

  routes.post(
    '/sheet-preview/',
    {
      schema: { body: previewBody, response: { 200: sheetPreviewSchema } },
      config: { access: EDIT_BULK, multipartFileLimit: app.config.BULK_SHEET_MAX_BYTES },
    },
    async (request) =>
      bulk.previewSheet(
        signedInUser(request),
        bulkFiles(request.body),
        request.body.mode ?? 'documents',
      ),
  );

  routes.get(
    '/',
    {
      schema: {
        querystring: bulkOperationListQuerySchema,
        response: { 200: bulkOperationPageSchema },
      },
      config: { access: VIEW_BULK },
    },
    async (request) => bulk.list(signedInUser(request).accountId, request.query),
  );

  routes.get(
    '/:id/',
    { ...canView, schema: { ...canView.schema, response: { 200: bulkOperationSchema } } },
    async (request) => bulk.get(signedInUser(request).accountId, request.params.id),
  );

  routes.post(
    '/:id/start/',
    {
      config: { access: EDIT_BULK },
      schema: { params: bulkOperationIdParams, response: { 202: bulkOperationSchema } },
    },
    async (request, reply) =>
      reply.code(202).send(await bulk.start(signedInUser(request).accountId, request.params.id)),
  );

  routes.post(
    '/:id/cancel/',
    {
      config: { access: EDIT_BULK },
      schema: { params: bulkOperationIdParams, response: { 202: bulkOperationSchema } },
    },
    async (request, reply) =>
      reply.code(202).send(await bulk.cancel(signedInUser(request).accountId, request.params.id)),
  );

  routes.delete(
    '/:id/',
    { config: { access: EDIT_BULK }, schema: { params: bulkOperationIdParams } },
    async (request, reply) => {
      await bulk.remove(signedInUser(request).accountId, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.get('/:id/report/', canView, async (request, reply) => {
    const { name, stream } = await bulk.report(signedInUser(request).accountId, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${name} report.csv`))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  routes.get('/:id/result/', canView, async (request, reply) => {
    const { name, stream } = await bulk.result(signedInUser(request).accountId, request.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', attachment(`${name}.zip`))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  // Progress as Server-Sent Events: the operation now, then each time it changes, until it is final.
  routes.get('/:id/events/', canView, async (request, reply) => {
    const { accountId } = signedInUser(request);
    const { id } = request.params;
    let last = await bulk.get(accountId, id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx would otherwise hold the events back in its buffer.
      'x-accel-buffering': 'no',
    });
    streams.add(raw);
    sendEvent(raw, last);
    let lastText = JSON.stringify(last);
    const heartbeat = setInterval(() => raw.write(': alive\n\n'), EVENTS_HEARTBEAT_MS);
    const poll = setInterval(() => {
      bulk
        .get(accountId, id)
        .then((operation) => {
          const text = JSON.stringify(operation);
          if (text !== lastText) sendEvent(raw, operation);
          last = operation;
          lastText = text;
          if (isFinal(last)) raw.end();
        })
        // Deleted meanwhile, or the app is closing: the stream is over.
        .catch(() => raw.end());
    }, EVENTS_POLL_MS);
    raw.once('close', () => {
      clearInterval(heartbeat);
      clearInterval(poll);
      streams.delete(raw);
    });
    if (isFinal(last)) raw.end();
  });
};

export default bulkOperationsRoutes;
