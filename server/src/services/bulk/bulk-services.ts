// The bulk operation services, built once with their dependencies (see plugins/services.ts).
import { suggestColumnMapping, type BulkMode } from '@common/bulk';
import { BULK_LIMITS } from '@common/bulk';
import {
  BULK_RESUMABLE_UPLOADS_PATH,
  BULK_UPLOAD_KINDS,
  type BulkOperation,
  type BulkUploadKind,
  type SheetPreview,
} from '@common/bulk-schemas';
import { isoDate } from '@common/verifications';

import { AppError, fieldError } from '../../lib/app-error';

import {
  BULK_CHUNK_SECONDS,
  BULK_QUEUE,
  BULK_UPLOAD_SWEEP_QUEUE,
  sheetLimits,
  zipLimits,
  type BulkDeps,
} from './bulk-deps';
import { bulkResult, bulkReport, deleteBulkOperation } from './bulk-downloads';
import { notReady } from './bulk-errors';
import { findOwnOperationRow, getBulkOperation, listBulkOperations } from './bulk-operation-rows';
import {
  BULK_UPLOAD_TTL_MS,
  openBulkUpload,
  removeExpiredBulkUploads,
  stageBulkUpload,
  type OpenedBulkUpload,
} from './bulk-uploads';
import { createBulkOperation, type NewBulkOperation } from './create-bulk-operation';
import { createDocumentsZipCache } from './documents-zip-cache';
import { failBulkOperation, processBulkOperation } from './process-bulk-operation';
import { createResumableUploads } from './resumable-uploads';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { QueuePolicy } from '../../queue/queue';
import type { Actor } from '../team/actor';

/** An operation's files: each sent in the form, or named by the id it was staged under. */
export interface BulkFiles {
  files: Partial<Record<BulkUploadKind, UploadedFile>>;
  uploadIds: Partial<Record<BulkUploadKind, string>>;
}

/** The files as the form would have sent them; staged ones opened on local disk until released. */
async function openFiles(deps: BulkDeps, userId: string, { files, uploadIds }: BulkFiles) {
  const opened: OpenedBulkUpload[] = [];
  const chosen: BulkFiles['files'] = {};
  try {
    for (const kind of BULK_UPLOAD_KINDS) {
      const uploadId = uploadIds[kind];
      if (uploadId && files[kind]) {
        throw fieldError(`${kind}_upload_id`, 'Send the file or name its upload, not both.');
      }
      if (!uploadId) {
        chosen[kind] = files[kind];
        continue;
      }
      const upload = await openBulkUpload(deps.storage, userId, kind, uploadId);
      opened.push(upload);
      chosen[kind] = upload.file;
    }
  } catch (error) {
    await Promise.allSettled(opened.map((upload) => upload.release()));
    throw error;
  }
  const release = () => Promise.allSettled(opened.map((upload) => upload.release()));
  return { chosen, opened, release };
}

function requiredSheet(files: BulkFiles['files']): UploadedFile {
  if (!files.sheet) throw fieldError('sheet', 'This field is required.');
  return files.sheet;
}

export function buildBulkServices(deps: BulkDeps) {
  const { db, queue, config } = deps;
  // This app's own: the zip of the operation being worked on stays open between its jobs.
  const runDeps = { ...deps, zips: createDocumentsZipCache(deps.storage, zipLimits(config)) };
  // A sweep a day after each upload (the queue keeps one waiting) removes what was staged and never used.
  const sendSweep = (startAfterSeconds = 0) =>
    queue.send(BULK_UPLOAD_SWEEP_QUEUE, {}, { singletonKey: 'sweep', startAfterSeconds });
  const sweepAfterTheirDay = () => sendSweep(BULK_UPLOAD_TTL_MS / 1000 + 60);
  const resumableUploads = createResumableUploads({
    dataDir: config.DATA_DIR,
    path: BULK_RESUMABLE_UPLOADS_PATH,
    storage: deps.storage,
    maxBytes: {
      sheet: config.BULK_SHEET_MAX_BYTES,
      documents: config.BULK_MAX_ZIP_BYTES,
      design: config.UPLOAD_MAX_BYTES,
    },
    scheduleSweep: sweepAfterTheirDay,
  });

  /** Expiry covers a chunk's work plus one document at its time limit, so only a dead process's job expires. */
  const policy: QueuePolicy = {
    policy: 'stately',
    expireInSeconds: BULK_CHUNK_SECONDS + config.SECURING_TIMEOUT_SECONDS + 5,
    retryLimit: 5,
    retryDelay: 5,
  };

  async function setStatus(
    accountId: string,
    id: string,
    from: BulkOperation['status'][],
    change: {
      status: BulkOperation['status'];
      started_at?: Date;
      finished_at?: Date;
      run_date?: string;
    },
    action: 'start' | 'cancel',
  ): Promise<BulkOperation> {
    const row = await findOwnOperationRow(db, accountId, id);
    const changed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('bulk_operations')
        .set(change)
        .where('id', '=', row.id)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (change.status === 'running')
        await queue.send(BULK_QUEUE, { id: row.id }, { trx, singletonKey: row.id });
      return true;
    });
    if (!changed) throw notReady((await findOwnOperationRow(db, accountId, id)).status, action);
    if (change.status === 'running') queue.wake(BULK_QUEUE);
    return getBulkOperation(db, accountId, id);
  }

  async function readPreview(
    accountId: string,
    sheet: UploadedFile,
    mode: BulkMode,
  ): Promise<SheetPreview> {
    if (sheet.size > config.BULK_SHEET_MAX_BYTES) {
      throw new AppError({
        statusCode: 413,
        code: 'body_too_large',
        message: 'The sheet is too large.',
        details: { sheet: ['The sheet is too large.'] },
      });
    }
    const read = await deps.securing.readSheet(sheet.path, sheetLimits(config));
    await deps.planLimits.requireBulkRows(accountId, read.rows.length);
    return {
      columns: read.columns,
      row_count: read.rows.length,
      rows: read.rows.slice(0, BULK_LIMITS.preview_rows),
      mapping: suggestColumnMapping(read.columns, mode) as Record<string, string>,
    };
  }

  return {
    /** Defines the queue and starts working it; the app calls this once it is ready. */
    async startWorking(log: { error(object: object, message: string): void }) {
      await queue.define(BULK_UPLOAD_SWEEP_QUEUE, {
        policy: 'stately',
        expireInSeconds: 600,
        retryLimit: 3,
        retryDelay: 60,
      });
      await queue.work(BULK_UPLOAD_SWEEP_QUEUE, async () => {
        await removeExpiredBulkUploads(deps.storage);
        await resumableUploads.removeExpired();
      });
      await sendSweep();
      await queue.define(BULK_QUEUE, policy);
      await queue.work<{ id: string }>(BULK_QUEUE, async ({ data, retryCount }) => {
        try {
          const result = await processBulkOperation(runDeps, data.id);
          if (result === 'more')
            await queue.send(BULK_QUEUE, { id: data.id }, { singletonKey: data.id });
        } catch (error) {
          if (retryCount < policy.retryLimit) throw error;
          log.error(
            { err: error, operation: data.id },
            'Bulk operation stopped: its job kept failing',
          );
          await failBulkOperation(
            deps,
            data.id,
            'The operation stopped on an unexpected error. Contact support.',
          );
        }
      });
    },
    /** Lets go of files kept open between jobs; the app calls it when it closes. */
    close: () => runDeps.zips.close(),
    /** One job's worth of an operation's work, as the queue's handler runs it (tests run two at once). */
    processOnce: (id: string) => processBulkOperation(runDeps, id),
    /** Keeps one of an operation's files for the preview and the create to name. */
    async stageUpload(userId: string, kind: BulkUploadKind, file: UploadedFile) {
      const staged = await stageBulkUpload(deps.storage, userId, kind, file);
      await sweepAfterTheirDay();
      return staged;
    },
    /** The same staging in resumable pieces (tus): each request from a signed-in user. */
    resumableUploads,
    /** Staged files the operation was made from are removed: it keeps its own copies. */
    async create(
      actor: Actor,
      input: Pick<NewBulkOperation, 'fields'> & BulkFiles,
    ): Promise<BulkOperation> {
      const { chosen, opened, release } = await openFiles(deps, actor.id, input);
      let operation;
      try {
        operation = await createBulkOperation(deps, actor, {
          fields: input.fields,
          sheet: requiredSheet(chosen),
          documents: chosen.documents,
          design: chosen.design,
        });
      } finally {
        await release();
      }
      await Promise.allSettled(opened.map((upload) => upload.remove()));
      return operation;
    },
    get: (accountId: string, id: string) => getBulkOperation(db, accountId, id),
    list: (accountId: string, query: { page: number; page_size: number }) =>
      listBulkOperations(db, accountId, query),
    /** Within the plan: rows per operation (the plan may have changed since the sheet was read) and the month's quota. */
    async start(accountId: string, id: string): Promise<BulkOperation> {
      const row = await findOwnOperationRow(db, accountId, id);
      if (row.status === 'ready') {
        await deps.planLimits.requireBulkRows(accountId, row.total_rows);
        await deps.planLimits.requireVerificationsLeft(accountId, row.valid_rows);
      }
      return setStatus(
        accountId,
        id,
        ['ready'],
        { status: 'running', started_at: new Date(), run_date: isoDate() },
        'start',
      );
    },
    cancel: (accountId: string, id: string) =>
      setStatus(
        accountId,
        id,
        ['ready', 'running'],
        { status: 'cancelled', finished_at: new Date() },
        'cancel',
      ),
    remove: (accountId: string, id: string) => deleteBulkOperation(deps, accountId, id),
    report: (accountId: string, id: string) => bulkReport(deps, accountId, id),
    result: (accountId: string, id: string) => bulkResult(deps, accountId, id),

    /** The sheet's headers, row count, first rows and suggested mapping, for the mapping step; 403 past the plan's rows. */
    async previewSheet(actor: Actor, given: BulkFiles, mode: BulkMode): Promise<SheetPreview> {
      const { chosen, release } = await openFiles(deps, actor.id, {
        files: { sheet: given.files.sheet },
        uploadIds: { sheet: given.uploadIds.sheet },
      });
      try {
        return await readPreview(actor.accountId, requiredSheet(chosen), mode);
      } finally {
        await release();
      }
    },
  };
}

export type BulkServices = ReturnType<typeof buildBulkServices>;
