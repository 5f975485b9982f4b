// /api/verifications/: the signed-in user's verifications: secure a document (a multipart upload, or a file
// staged through /api/uploads/), list, read, edit, revoke, delete, download its files and QR code, see its
// scans and the dashboard figures.
import { z } from 'zod';

import { attachment } from '../../../lib/content-disposition';
import { readStagedUpload } from '../../../services/uploads/read-staged-upload';
import { removeStagedUpload } from '../../../services/uploads/remove-staged-upload';
import { createVerification } from '../../../services/verifications/create-verification';
import { deleteVerification } from '../../../services/verifications/delete-verification';
import { findOwnVerification } from '../../../services/verifications/find-own-verification';
import { getVerificationStats } from '../../../services/verifications/get-verification-stats';
import { listVerificationScans } from '../../../services/verifications/list-verification-scans';
import {
  listVerifications,
  VERIFICATION_ORDERINGS,
} from '../../../services/verifications/list-verifications';
import { verificationUrl } from '../../../services/verifications/public-code';
import { isoDate } from '../../../services/verifications/public-verification';
import { DEFAULT_QR_PLACEMENT } from '../../../services/verifications/qr-placement';
import { renderQrCode } from '../../../services/verifications/render-qr-code';
import { revokeVerification } from '../../../services/verifications/revoke-verification';
import { updateVerification } from '../../../services/verifications/update-verification';
import { verificationFileKeys } from '../../../services/verifications/verification-files';
import {
  toVerification,
  type VerificationRow,
} from '../../../services/verifications/verification-rows';

import { scansAnswer, statsAnswer, verificationAnswer, verificationPageAnswer } from './answers';
import {
  customFieldsFromForm,
  customFieldsFromJson,
  dateField,
  formBoolean,
  holderNameField,
  optionalFormField,
  qrFromForm,
  reasonField,
  templateIdField,
  titleField,
  uploadedFileField,
} from './fields';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { VerificationDeps } from '../../../services/verifications/verification-deps';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const PAGE_SIZE_MAX = 100;
const EXPIRY_BEFORE_ISSUE = 'The expiry date cannot be before the issue date.';

function expiryAfterIssue(
  value: { issue_date?: string; expiry_date?: string | null },
  context: z.RefinementCtx,
): void {
  if (value.issue_date && value.expiry_date && value.expiry_date < value.issue_date) {
    context.addIssue({ code: 'custom', path: ['expiry_date'], message: EXPIRY_BEFORE_ISSUE });
  }
}

// The document comes as a file in the form, or as the id of one staged through /api/uploads/.
function oneDocument(
  value: { file?: unknown; upload_id?: string },
  context: z.RefinementCtx,
): void {
  if (value.file === undefined && value.upload_id === undefined) {
    context.addIssue({ code: 'custom', path: ['file'], message: 'This field is required.' });
  } else if (value.file !== undefined && value.upload_id !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['file'],
      message: 'Send either a file or an upload_id, not both.',
    });
  }
}

const createBody = z
  .object({
    file: uploadedFileField.optional(),
    upload_id: optionalFormField(z.string({ error: 'Must be text.' }).trim().max(100)),
    title: titleField,
    holder_name: holderNameField,
    issue_date: dateField,
    expiry_date: optionalFormField(dateField),
    custom_fields: optionalFormField(customFieldsFromForm),
    qr: optionalFormField(qrFromForm),
    allow_download: optionalFormField(formBoolean),
    template_id: optionalFormField(templateIdField),
  })
  // Also when other fields fail, so a form without a document hears about it with the rest.
  .superRefine(oneDocument, { when: () => true })
  .superRefine(expiryAfterIssue);

const changesBody = z
  .object({
    title: titleField.optional(),
    holder_name: holderNameField.optional(),
    issue_date: dateField.optional(),
    expiry_date: dateField.nullable().optional(),
    custom_fields: customFieldsFromJson.optional(),
    allow_download: z.boolean({ error: 'Must be true or false.' }).optional(),
    template_id: templateIdField.nullable().optional(),
  })
  .superRefine(expiryAfterIssue);

const revokeBody = z.object({
  reason: reasonField,
  replaced_by_code: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(500, 'Must be at most 500 characters.')
    .optional(),
});

const pageNumber = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(max, `Must be at most ${max}.`)
    .default(fallback);

const listQuery = z.object({
  page: pageNumber(1),
  page_size: pageNumber(20, PAGE_SIZE_MAX),
  search: z.string().max(200, 'Must be at most 200 characters.').optional(),
  status: optionalFormField(
    z.enum(['active', 'revoked', 'expired'], { error: 'Must be active, revoked or expired.' }),
  ),
  issued_from: optionalFormField(dateField),
  issued_to: optionalFormField(dateField),
  ordering: optionalFormField(
    z.enum(VERIFICATION_ORDERINGS, {
      error: `Must be one of ${VERIFICATION_ORDERINGS.join(', ')}.`,
    }),
  ).transform((ordering) => ordering ?? '-created_at'),
});

const idParams = z.object({ id: z.string() });
const qrQuery = z.object({
  format: optionalFormField(z.enum(['png', 'svg'], { error: 'Must be png or svg.' })).transform(
    (format) => format ?? 'png',
  ),
});

function fileNameOf(title: string, suffix: string): string {
  return `${title}${suffix}`;
}

const verificationsRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: VerificationDeps = {
    db: app.db,
    storage: app.storage,
    publicRecords: app.publicRecords,
    config: app.config,
  };
  const answer = (row: VerificationRow) => toVerification(row, app.config.PUBLIC_URL, isoDate());
  // Authentication first, before the body is read or validated: without a token the answer is 401.
  const signedIn = { onRequest: app.requireUser };

  routes.post(
    '/',
    {
      ...signedIn,
      schema: { body: createBody, response: { 201: verificationAnswer } },
      config: { multipartFileLimit: app.config.UPLOAD_MAX_BYTES },
    },
    async (request, reply) => {
      const { body } = request;
      const userId = request.user!.id;
      const staged = body.upload_id
        ? await readStagedUpload(app.storage, userId, body.upload_id)
        : null;
      const file = staged ? { filename: staged.record.name, data: staged.data } : body.file!;
      const row = await createVerification(deps, userId, {
        file,
        title: body.title,
        holder_name: body.holder_name,
        issue_date: body.issue_date,
        expiry_date: body.expiry_date ?? null,
        custom_fields: body.custom_fields ?? [],
        qr: body.qr ?? DEFAULT_QR_PLACEMENT,
        allow_download: body.allow_download ?? false,
        template_id: body.template_id || null,
      });
      // Kept when securing fails, so the form can be corrected and sent again with the same upload.
      if (staged) await removeStagedUpload(app.storage, userId, staged.record.id);
      return reply.code(201).send(answer(row));
    },
  );

  routes.get(
    '/',
    { ...signedIn, schema: { querystring: listQuery, response: { 200: verificationPageAnswer } } },
    async (request) => {
      await app.scanRecorder.flush();
      const query = request.query;
      const { count, rows } = await listVerifications(app.db, request.user!.id, query, isoDate());
      return { count, page: query.page, page_size: query.page_size, results: rows.map(answer) };
    },
  );

  routes.get(
    '/stats/',
    { ...signedIn, schema: { response: { 200: statsAnswer } } },
    async (request) => {
      await app.scanRecorder.flush();
      return getVerificationStats(app.db, request.user!.id, isoDate());
    },
  );

  routes.get(
    '/:id/',
    { ...signedIn, schema: { params: idParams, response: { 200: verificationAnswer } } },
    async (request) => {
      await app.scanRecorder.flush();
      return answer(await findOwnVerification(app.db, request.user!.id, request.params.id));
    },
  );

  routes.patch(
    '/:id/',
    {
      ...signedIn,
      schema: { params: idParams, body: changesBody, response: { 200: verificationAnswer } },
    },
    async (request) =>
      answer(await updateVerification(deps, request.user!.id, request.params.id, request.body)),
  );

  routes.delete('/:id/', { ...signedIn, schema: { params: idParams } }, async (request, reply) => {
    const leftBehind = await deleteVerification(deps, request.user!.id, request.params.id);
    if (leftBehind.length > 0) {
      request.log.warn({ keys: leftBehind }, 'Deleted verification files could not be removed');
    }
    return reply.code(204).send();
  });

  routes.post(
    '/:id/revoke/',
    {
      ...signedIn,
      schema: { params: idParams, body: revokeBody, response: { 200: verificationAnswer } },
    },
    async (request) =>
      answer(await revokeVerification(deps, request.user!.id, request.params.id, request.body)),
  );

  async function sendStoredFile(
    reply: FastifyReply,
    key: string,
    contentType: string,
    size: number,
    fileName: string,
  ) {
    const stream = await app.storage.getStream(key);
    return reply
      .type(contentType)
      .header('content-length', size)
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  }

  routes.get(
    '/:id/document/',
    { ...signedIn, schema: { params: idParams } },
    async (request, reply) => {
      const row = await findOwnVerification(app.db, request.user!.id, request.params.id);
      return sendStoredFile(
        reply,
        verificationFileKeys(row.id).secured,
        'application/pdf',
        row.secured_size,
        fileNameOf(row.title, '-secured.pdf'),
      );
    },
  );

  routes.get(
    '/:id/original/',
    { ...signedIn, schema: { params: idParams } },
    async (request, reply) => {
      const row = await findOwnVerification(app.db, request.user!.id, request.params.id);
      return sendStoredFile(
        reply,
        verificationFileKeys(row.id).original,
        row.original_content_type,
        row.original_size,
        row.original_file_name,
      );
    },
  );

  routes.get(
    '/:id/qr/',
    { ...signedIn, schema: { params: idParams, querystring: qrQuery } },
    async (request, reply) => {
      const row = await findOwnVerification(app.db, request.user!.id, request.params.id);
      const format = request.query.format;
      const image = renderQrCode(verificationUrl(app.config.PUBLIC_URL, row.code), format);
      return reply
        .type(format === 'svg' ? 'image/svg+xml' : 'image/png')
        .header('content-disposition', attachment(`${row.code}-qr.${format}`))
        .header('cache-control', 'private, no-store')
        .send(image);
    },
  );

  routes.get(
    '/:id/scans/',
    { ...signedIn, schema: { params: idParams, response: { 200: scansAnswer } } },
    async (request) => {
      await app.scanRecorder.flush();
      return { results: await listVerificationScans(app.db, request.user!.id, request.params.id) };
    },
  );
};

export default verificationsRoutes;
