// Keeps a chosen document until the form is sent: checked as securing would check it, so the picker can say
// at once what is wrong with a file, then stored under the user's own folder.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

import { cleanFileName } from '../../lib/file-name';

import { removeExpiredUploads } from './remove-expired-uploads';
import { stagedUploadKeys, type StagedUploadRecord } from './staged-upload-record';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { UploadDeps } from './upload-deps';

export async function stageUpload(
  deps: UploadDeps,
  userId: string,
  file: UploadedFile,
  now = new Date(),
): Promise<StagedUploadRecord> {
  const { contentType } = await deps.securing.checkDocument(
    await readFile(file.path),
    deps.config.UPLOAD_MAX_BYTES,
  );
  // Each new upload tidies the same user's expired ones; start-up tidies everyone's.
  await removeExpiredUploads(deps.storage, now, { userId });

  const record: StagedUploadRecord = {
    id: randomUUID(),
    name: cleanFileName(file.filename),
    size: file.size,
    type: contentType,
    created_at: now.toISOString(),
  };
  const keys = stagedUploadKeys(userId, record.id);
  try {
    await deps.storage.put(keys.record, Buffer.from(JSON.stringify(record)));
    await deps.storage.put(keys.file, createReadStream(file.path));
  } catch (error) {
    await Promise.allSettled([deps.storage.delete(keys.file), deps.storage.delete(keys.record)]);
    throw error;
  }
  return record;
}
