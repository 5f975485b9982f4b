// The record kept beside each staged upload: where the two live in storage, how long they stay, how the record
// is read back and how it is answered. Every upload service works through it.
import type { DocumentContentType } from '@common/uploads';
import type { StagedUpload } from '@common/uploads-schemas';

import { isUuid } from '../../lib/uuid';

/** Long enough to fill in the form after choosing the file; the files are not kept for anything else. */
export const STAGED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const UPLOADS_FOLDER = 'uploads';

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

/** Upload ids name folders in storage, so only the lower-case form the server made counts. */
export function isUploadId(value: string): boolean {
  return isUuid(value) && value === value.toLowerCase();
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
