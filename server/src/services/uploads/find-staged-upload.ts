// A user's own staged upload: its record and where its file is in storage, without reading the file (securing
// reads it in a worker, storage copies it). Someone else's, an expired one or a made-up id is "not found".
import { StoredFileNotFoundError, type Storage } from '../../storage/storage';

import { removeStagedUpload } from './remove-staged-upload';
import {
  isExpired,
  isUploadId,
  parseRecord,
  stagedUploadKeys,
  type StagedUploadRecord,
} from './staged-upload-record';
import { uploadNotFound } from './upload-errors';

async function readOrNull(storage: Storage, key: string): Promise<Buffer | null> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) return null;
    throw error;
  }
}

export async function findStagedUpload(
  storage: Storage,
  userId: string,
  id: string,
  now = new Date(),
): Promise<{ record: StagedUploadRecord; key: string }> {
  if (!isUploadId(id)) throw uploadNotFound();
  const keys = stagedUploadKeys(userId, id);
  const recordBytes = await readOrNull(storage, keys.record);
  const record = recordBytes && parseRecord(recordBytes);
  if (!record || isExpired(record, now)) {
    if (recordBytes) await removeStagedUpload(storage, userId, id);
    throw uploadNotFound();
  }
  if (!(await storage.exists(keys.file))) throw uploadNotFound();
  return { record, key: keys.file };
}
