// Removes staged uploads past their expiry: one user's when they upload again, everyone's at start-up.
import { StoredFileNotFoundError, type Storage } from '../../storage/storage';

import { removeStagedUpload } from './remove-staged-upload';
import { isExpired, parseRecord, stagedUploadKeys, UPLOADS_FOLDER } from './staged-upload-record';

interface Options {
  /** Only this user's uploads; without it, everyone's. */
  userId?: string;
}

async function isExpiredUpload(storage: Storage, recordKey: string, now: Date): Promise<boolean> {
  try {
    const record = parseRecord(await storage.get(recordKey));
    return !record || isExpired(record, now);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) return false; // removed meanwhile
    throw error;
  }
}

/** Returns how many uploads were removed. */
export async function removeExpiredUploads(
  storage: Storage,
  now: Date,
  { userId }: Options = {},
): Promise<number> {
  const keys = await storage.list(userId ? `${UPLOADS_FOLDER}/${userId}` : UPLOADS_FOLDER);
  // uploads/<user>/<id>/<file|meta.json>
  const folders = new Map<string, { userId: string; id: string; hasRecord: boolean }>();
  for (const key of keys) {
    const [, owner, id, name] = key.split('/');
    if (!owner || !id || !name) continue;
    const folder = folders.get(`${owner}/${id}`) ?? { userId: owner, id, hasRecord: false };
    folder.hasRecord ||= name === 'meta.json';
    folders.set(`${owner}/${id}`, folder);
  }

  let removed = 0;
  for (const folder of folders.values()) {
    const recordKey = stagedUploadKeys(folder.userId, folder.id).record;
    // The record is written before the file and removed after it, so a file without one is nobody's.
    const shouldRemove = !folder.hasRecord || (await isExpiredUpload(storage, recordKey, now));
    if (shouldRemove) {
      await removeStagedUpload(storage, folder.userId, folder.id);
      removed += 1;
    }
  }
  return removed;
}
