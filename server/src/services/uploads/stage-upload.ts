// Keeps a chosen document until the form is sent: checked as securing would check it, so the picker can say
// at once what is wrong with a file, then stored under the user's own folder.
import { randomUUID } from 'node:crypto';

import { cleanFileName } from '../../lib/file-name';
import { checkDocument } from '../verifications/secure-document';

import { removeExpiredUploads } from './remove-expired-uploads';
import { stagedUploadKeys, type StagedUploadRecord, type UploadDeps } from './staged-uploads';

export async function stageUpload(
  deps: UploadDeps,
  userId: string,
  file: { filename: string; data: Buffer },
  now = new Date(),
): Promise<StagedUploadRecord> {
  const { contentType } = await checkDocument(file.data, deps.config.UPLOAD_MAX_BYTES);
  // Each new upload tidies the same user's expired ones; start-up tidies everyone's.
  await removeExpiredUploads(deps.storage, now, { userId });

  const record: StagedUploadRecord = {
    id: randomUUID(),
    name: cleanFileName(file.filename),
    size: file.data.length,
    type: contentType,
    created_at: now.toISOString(),
  };
  const keys = stagedUploadKeys(userId, record.id);
  try {
    await deps.storage.put(keys.record, Buffer.from(JSON.stringify(record)));
    await deps.storage.put(keys.file, file.data);
  } catch (error) {
    await Promise.allSettled([deps.storage.delete(keys.file), deps.storage.delete(keys.record)]);
    throw error;
  }
  return record;
}
