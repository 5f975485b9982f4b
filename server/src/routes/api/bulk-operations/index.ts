// /api/bulk-operations/: secure many documents from a sheet, in the background. Create (a multipart form with
// the sheet and a zip of documents or a design PDF), preview a sheet for the mapping step, list, read, start,
// cancel, follow progress (Server-Sent Events), download the result zip and report, delete.
import { z } from 'zod';

import { BULK_FINAL_STATUSES, BULK_MODES } from '@common/bulk';
import {
  bulkOperationIdParams,
  bulkOperationListQuerySchema,
  bulkOperationPageSchema,
  bulkOperationSchema,
  newBulkOperationFields,
  sheetPreviewSchema,
  type BulkOperation,
} from '@common/bulk-schemas';
import { optionalFormField } from '@common/verifications-schemas';

import { attachment } from '../../../lib/content-disposition';
import { signedInUser, type AreaAccess } from '../../../plugins/auth';
import { uploadedFileField } from '../../../plugins/multipart';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';

const VIEW_BULK: AreaAccess = { area: 'bulk', level: 'view' };
const EDIT_BULK: AreaAccess = { area: 'bulk', level: 'edit' };

const createBody = newBulkOperationFields.extend({
  sheet: uploadedFileField,
  documents: uploadedFileField.optional(),
  design: uploadedFileField.optional(),
});

const previewBody = z.object({
  sheet: uploadedFileField,
  mode: optionalFormField(z.enum(BULK_MODES, { error: 'Must be documents or design.' })),
});

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
      const { sheet, documents, design, ...fields } = request.body;
      const operation = await bulk.create(signedInUser(request), {
        fields,
        sheet,
        documents,
        design,
      });
      return reply.code(201).send(operation);
    },
  );

  routes.post(
    '/sheet-preview/',
    {
      schema: { body: previewBody, response: { 200: sheetPreviewSchema } },
      config: { access: EDIT_BULK, multipartFileLimit: app.config.BULK_SHEET_MAX_BYTES },
    },
    async (request) =>
      bulk.previewSheet(
        signedInUser(request).accountId,
        request.body.sheet,
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
