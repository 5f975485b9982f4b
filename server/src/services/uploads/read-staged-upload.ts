// A user's own staged upload with its bytes (to show it back); someone else's, an expired one or a made-up id is
// "not found".
import { StoredFileNotFoundError, type Storage } from '../../storage/storage';

import { findStagedUpload } from './find-staged-upload';
import { uploadNotFound } from './upload-errors';

import type { StagedUploadRecord } from './staged-upload-record';

export async function readStagedUpload(
  storage: Storage,
  userId: string,
  id: string,
  now = new Date(),
): Promise<{ record: StagedUploadRecord; data: Buffer }> {
  const { record, key } = await findStagedUpload(storage, userId, id, now);
  try {
    return { record, data: await storage.get(key) };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw uploadNotFound();
    throw error;
  }
}
