// Where a staged upload lives in storage, the record kept beside it, how long it stays, and its errors.
import type { DocumentContentType, StagedUpload } from '@common/uploads';

import { AppError } from '../../lib/app-error';

import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';

/** Long enough to fill in the form after choosing the file; the files are not kept for anything else. */
export const STAGED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const UPLOADS_FOLDER = 'uploads';

export interface UploadDeps {
  storage: Storage;
  config: Pick<Config, 'UPLOAD_MAX_BYTES'>;
}

/** Kept as meta.json beside the file; written before the file, so a folder without one is never in use. */
export interface StagedUploadRecord {
  id: string;
  name: string;
  size: number;
  type: DocumentContentType;
  created_at: string;
}

// Each user's uploads sit in their own folder: another account's id simply names nothing.
export function stagedUploadKeys(userId: string, id: string) {
  const folder = `${UPLOADS_FOLDER}/${userId}/${id}`;
  return { folder, file: `${folder}/file`, record: `${folder}/meta.json` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUploadId(value: string): boolean {
  return UUID.test(value);
}

export function expiryOf(record: Pick<StagedUploadRecord, 'created_at'>): Date {
  return new Date(Date.parse(record.created_at) + STAGED_UPLOAD_TTL_MS);
}

export function isExpired(record: Pick<StagedUploadRecord, 'created_at'>, now: Date): boolean {
  const expiry = expiryOf(record).getTime();
  return Number.isNaN(expiry) || expiry <= now.getTime();
}

export function toStagedUpload(record: StagedUploadRecord): StagedUpload {
  return {
    id: record.id,
    name: record.name,
    size: record.size,
    type: record.type,
    expires_at: expiryOf(record).toISOString(),
  };
}

export function parseRecord(bytes: Buffer): StagedUploadRecord | null {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<StagedUploadRecord>;
    return typeof value.id === 'string' && typeof value.created_at === 'string'
      ? (value as StagedUploadRecord)
      : null;
  } catch {
    return null;
  }
}

const NOT_FOUND_MESSAGE =
  'The uploaded file was not found or has expired; choose the document again';

/** Named on the `file` field, where the form shows the document's problems. */
export function uploadNotFound(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'upload_not_found',
    message: NOT_FOUND_MESSAGE,
    details: { file: [NOT_FOUND_MESSAGE] },
  });
}
