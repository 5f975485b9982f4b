// The files of a bulk operation staged before it exists: the sheet once for the preview and the create, the zip
// or the design once. Each sits in storage under its uploader's folder for a day, with a record beside it, and
// is named by id afterwards; another user's id, an expired one or one of another kind names nothing.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';

import type { BulkUpload, BulkUploadKind } from '@common/bulk-schemas';

import { fieldError } from '../../lib/app-error';
import { cleanFileName } from '../../lib/file-name';
import { UploadedFile } from '../../lib/upload-temp-files';
import { isUuid } from '../../lib/uuid';
import { StoredFileNotFoundError, type Storage } from '../../storage/storage';

/** Long enough to map the columns and place the fields; the files are not kept for anything else. */
export const BULK_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

interface BulkUploadRecord {
  id: string;
  kind: BulkUploadKind;
  name: string;
  size: number;
  created_at: string;
}

function userFolder(userId: string): string {
  return `bulk-uploads/${userId}`;
}

function uploadKeys(userId: string, id: string) {
  const folder = `${userFolder(userId)}/${id}`;
  return { folder, file: `${folder}/file`, record: `${folder}/meta.json` };
}

function expiryOf(record: BulkUploadRecord): Date {
  return new Date(Date.parse(record.created_at) + BULK_UPLOAD_TTL_MS);
}

function toBulkUpload(record: BulkUploadRecord): BulkUpload {
  const { id, kind, name, size } = record;
  return { id, kind, name, size, expires_at: expiryOf(record).toISOString() };
}

async function readRecord(storage: Storage, key: string): Promise<BulkUploadRecord | null> {
  try {
    const record = JSON.parse((await storage.get(key)).toString('utf8')) as BulkUploadRecord;
    return typeof record.created_at === 'string' ? record : null;
  } catch (error) {
    if (error instanceof StoredFileNotFoundError || error instanceof SyntaxError) return null;
    throw error;
  }
}

async function removeUpload(storage: Storage, userId: string, id: string): Promise<void> {
  const keys = uploadKeys(userId, id);
  // The record last: a folder without one is never in use.
  await storage.delete(keys.file);
  await storage.delete(keys.record);
}

/** Staged files past their day, of one user (each new upload tidies its sender's) or of everyone (the sweep). */
export async function removeExpiredBulkUploads(
  storage: Storage,
  { userId, now = new Date() }: { userId?: string; now?: Date } = {},
): Promise<number> {
  const keys = await storage.list(userId ? userFolder(userId) : 'bulk-uploads');
  // bulk-uploads/<user>/<id>/<file or meta.json>
  const uploads = new Set(keys.map((key) => key.split('/').slice(1, 3).join('/')));
  let removed = 0;
  for (const upload of uploads) {
    const [owner, id] = upload.split('/');
    if (!owner || !id) continue;
    const record = await readRecord(storage, uploadKeys(owner, id).record);
    // A folder without its record was left halfway through a removal (staging writes the record first).
    if (record && expiryOf(record) > now) continue;
    await removeUpload(storage, owner, id);
    removed += 1;
  }
  return removed;
}

/** Keeps a file (already within its kind's size limit) for the operation to be made from. */
export async function stageBulkUpload(
  storage: Storage,
  userId: string,
  kind: BulkUploadKind,
  file: UploadedFile,
  { id = randomUUID(), now = new Date() }: { id?: string; now?: Date } = {},
): Promise<BulkUpload> {
  await removeExpiredBulkUploads(storage, { userId, now });
  const record: BulkUploadRecord = {
    id,
    kind,
    name: cleanFileName(file.filename),
    size: file.size,
    created_at: now.toISOString(),
  };
  const keys = uploadKeys(userId, record.id);
  try {
    await storage.put(keys.record, Buffer.from(JSON.stringify(record)));
    await storage.put(keys.file, createReadStream(file.path));
  } catch (error) {
    await Promise.allSettled([storage.delete(keys.file), storage.delete(keys.record)]);
    throw error;
  }
  return toBulkUpload(record);
}

/** A staged file as a form's file would be, on local disk until released. */
export interface OpenedBulkUpload {
  file: UploadedFile;
  release(): Promise<void>;
  /** Removes the staged file once the operation has its own copy. */
  remove(): Promise<void>;
}

export async function openBulkUpload(
  storage: Storage,
  userId: string,
  kind: BulkUploadKind,
  id: string,
  now = new Date(),
): Promise<OpenedBulkUpload> {
  const gone = () =>
    fieldError(`${kind}_upload_id`, 'This file is no longer uploaded; choose it again.');
  if (!isUuid(id) || id !== id.toLowerCase()) throw gone();
  const keys = uploadKeys(userId, id);
  const record = await readRecord(storage, keys.record);
  if (!record || record.kind !== kind || expiryOf(record) <= now) throw gone();
  let local;
  try {
    local = await storage.localFile(keys.file);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw gone();
    throw error;
  }
  return {
    file: new UploadedFile(record.name, 'application/octet-stream', local.path, record.size),
    release: () => local.release(),
    remove: () => removeUpload(storage, userId, id),
  };
}
