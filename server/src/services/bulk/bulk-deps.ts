// What the bulk services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Securing } from '../../documents/securing-pool';
import type { Queue } from '../../queue/queue';
import type { Storage } from '../../storage/storage';
import type { DocumentSigningServices } from '../document-signing/document-signing-services';
import type { PublicPageCache } from '../public-pages/public-page-cache';
import type { SealServices } from '../seals/seal-services';
import type { PlanLimitChecks } from '../subscription/plan-limits';
import type { WebhookServices } from '../webhooks/webhook-services';
import type { Kysely } from 'kysely';

export interface BulkDeps {
  db: Kysely<Database>;
  storage: Storage;
  publicPages: PublicPageCache;
  securing: Securing;
  queue: Queue;
  /** Each verification made, and the operation's completion, are events for the account's webhook endpoints. */
  webhooks: Pick<WebhookServices, 'emitVerificationEvent' | 'emitBulkOperationCompleted' | 'wake'>;
  /** The account's plan: rows per operation, and the month's verifications. */
  planLimits: PlanLimitChecks;
  /** The key each row's seal is signed with, asked per row: a key rotated or revoked mid-run is not used after. */
  seals: Pick<SealServices, 'signingKeyFor' | 'credentialKeyFor'>;
  /** The certificate each row's secured PDF is signed with, asked per row as the seal key is. */
  documentSigning: Pick<DocumentSigningServices, 'signerFor'>;
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'PUBLIC_URL'
    | 'CUSTOM_DOMAIN_TARGET'
    | 'CUSTOM_DOMAIN_SCHEME'
    | 'TSA_URL'
    | 'TSA_USERNAME'
    | 'TSA_PASSWORD'
    | 'TSA_TIMEOUT_SECONDS'
    | 'UPLOAD_MAX_BYTES'
    | 'BULK_MAX_ROWS'
    | 'BULK_SHEET_MAX_BYTES'
    | 'BULK_MAX_ZIP_BYTES'
    | 'SECURING_WORKERS'
    | 'SECURING_TIMEOUT_SECONDS'
  >;
}

/** Where an operation's uploaded files live in storage until it is deleted. */
export function bulkFileKeys(id: string) {
  return {
    folder: `bulk/${id}`,
    sheet: `bulk/${id}/sheet`,
    documents: `bulk/${id}/documents.zip`,
    design: `bulk/${id}/design.pdf`,
  };
}

/** The queue every operation's work goes through: validation and the run, in chunks. */
export const BULK_QUEUE = 'bulk-operations';

/** The queue that removes staged and unfinished uploads past their day: at start and a day after each upload. */
export const BULK_UPLOAD_SWEEP_QUEUE = 'bulk-upload-sweep';

/** How long one job works before it hands over to the next (so a killed process's work is retried soon). */
export const BULK_CHUNK_SECONDS = 5;

/** What reading a sheet may cost: an XLSX is compressed XML, and twenty times the file is far more than any real
 * sheet unpacks to. */
export function sheetLimits(config: BulkDeps['config']) {
  return { maxRows: config.BULK_MAX_ROWS, maxInflatedBytes: config.BULK_SHEET_MAX_BYTES * 20 };
}

/** The most a documents zip may unpack to, and hold: a few entries per row, so a zip of tiny files cannot fill memory. */
export function zipLimits(config: BulkDeps['config']) {
  return {
    maxInflatedBytes: config.BULK_MAX_ZIP_BYTES,
    maxEntries: Math.max(1000, config.BULK_MAX_ROWS * 5),
  };
}
