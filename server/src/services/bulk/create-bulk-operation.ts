// Starts a bulk operation from its uploaded files: checks what can be checked at once (which mode, the design is
// a PDF the layout fits, the zip is a zip, the template is the account's), stores the files, and writes the
// operation with its first job in one transaction. Reading and checking every row happens in the background.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { BulkMode } from '@common/bulk';
import type { BulkOperation, NewBulkOperationFields } from '@common/bulk-schemas';
import { DEFAULT_QR_PLACEMENT } from '@common/verifications';

import { zipError } from '../../documents/zip-reader';
import { AppError, fieldError } from '../../lib/app-error';
import { cleanFileName } from '../../lib/file-name';
import { resolveTemplateId } from '../templates/resolve-template-id';

import { BULK_QUEUE, bulkFileKeys, type BulkDeps } from './bulk-deps';
import { getBulkOperation } from './bulk-operation-rows';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { Actor } from '../team/actor';

export interface NewBulkOperation {
  fields: NewBulkOperationFields;
  sheet: UploadedFile;
  documents?: UploadedFile;
  design?: UploadedFile;
}

const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04'), Buffer.from('PK\x05\x06')];

async function startsLikeZip(file: UploadedFile): Promise<boolean> {
  const handle = await open(file.path, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return ZIP_SIGNATURES.some((signature) => buffer.equals(signature));
  } finally {
    await handle.close();
  }
}

function modeOf(input: NewBulkOperation): BulkMode {
  if (input.documents && input.design) {
    throw new AppError({
      statusCode: 400,
      code: 'validation_failed',
      message: 'Send either a zip of documents or one design PDF, not both.',
      details: { design: ['Send either a zip of documents or one design PDF, not both.'] },
    });
  }
  if (!input.documents && !input.design) {
    throw fieldError(
      'documents',
      'Attach a zip of the documents, or a design PDF to draw each row on.',
    );
  }
  return input.documents ? 'documents' : 'design';
}

async function checkDesign(deps: BulkDeps, input: NewBulkOperation): Promise<void> {
  const { layout } = input.fields;
  if (!layout) throw fieldError('layout', 'Place at least one field on the design.');
  // At most UPLOAD_MAX_BYTES: the route's limit for the design part.
  const bytes = await readFile(input.design!.path);
  const checked = await deps.securing
    .checkDocument(bytes, deps.config.UPLOAD_MAX_BYTES)
    .catch((error: unknown) => {
      if (error instanceof AppError) throw fieldError('design', error.message);
      throw error;
    });
  if (checked.contentType !== 'application/pdf') {
    throw fieldError('design', 'The design must be a PDF.');
  }
  const beyond = layout.fields.find((field) => (field.page ?? 1) > checked.pageCount);
  if (beyond) {
    throw fieldError(
      'layout',
      `The design has ${checked.pageCount} page(s); "${beyond.field}" is placed on page ${beyond.page}.`,
    );
  }
}

function defaultName(sheetName: string): string {
  const base = path.parse(cleanFileName(sheetName)).name.trim();
  return base || 'Bulk operation';
}

export async function createBulkOperation(
  deps: BulkDeps,
  actor: Actor,
  input: NewBulkOperation,
): Promise<BulkOperation> {
  const { db, storage, config, queue } = deps;
  const mode = modeOf(input);
  const { fields } = input;
  if (input.sheet.size > config.BULK_SHEET_MAX_BYTES) {
    // The multipart limit is the zip's; the sheet's is smaller.
    throw fieldError('sheet', 'The sheet is too large.');
  }
  if (mode === 'documents' && !(await startsLikeZip(input.documents!))) {
    throw zipError('The documents file is not a zip archive.');
  }
  if (mode === 'design') await checkDesign(deps, input);
  if (mode === 'documents' && fields.layout) {
    throw fieldError('layout', 'A layout is for a design; a zip of documents is secured as it is.');
  }
  // Resolved now to refuse another account's template; stored as named (null: the default when the run starts).
  if (fields.template_id) await resolveTemplateId(db, actor.accountId, fields.template_id);

  const id = randomUUID();
  const keys = bulkFileKeys(id);
  const source = mode === 'documents' ? input.documents! : input.design!;
  try {
    await storage.put(keys.sheet, createReadStream(input.sheet.path));
    await storage.put(
      mode === 'documents' ? keys.documents : keys.design,
      createReadStream(source.path),
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('bulk_operations')
        .values({
          id,
          user_id: actor.accountId,
          created_by: actor.id,
          name: fields.name || defaultName(input.sheet.filename),
          mode,
          status: 'validating',
          template_id: fields.template_id || null,
          qr_placement: JSON.stringify(fields.qr ?? DEFAULT_QR_PLACEMENT),
          allow_download: fields.allow_download ?? false,
          mapping: JSON.stringify(fields.mapping ?? {}),
          ignored_columns: JSON.stringify(fields.ignored_columns ?? []),
          layout: fields.layout ? JSON.stringify(fields.layout) : null,
          sheet_name: cleanFileName(input.sheet.filename),
          sheet_type: 'csv',
          source_name: cleanFileName(source.filename),
          rows_read_at: null,
          problem: null,
          started_at: null,
          finished_at: null,
        })
        .execute();
      await queue.send(BULK_QUEUE, { id }, { trx, singletonKey: id });
    });
  } catch (error) {
    await Promise.allSettled([
      storage.delete(keys.sheet),
      storage.delete(keys.documents),
      storage.delete(keys.design),
    ]);
    throw error;
  }
  queue.wake(BULK_QUEUE);
  return getBulkOperation(db, actor.accountId, id);
}
