// Removes a staged upload: the file first, then its record, so a half-removed upload never looks usable.
import { stagedUploadKeys } from './staged-upload-record';

import type { Storage } from '../../storage/storage';

export async function removeStagedUpload(
  storage: Storage,
  userId: string,
  id: string,
): Promise<void> {
  const keys = stagedUploadKeys(userId, id);
  await storage.delete(keys.file);
  await storage.delete(keys.record);
}
