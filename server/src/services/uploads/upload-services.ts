// The staged-upload services as handlers call them: built once by the services plugin, each taking the
// signed-in user's id and answering in the API's shapes.
import type { StagedUpload } from '@common/uploads-schemas';

import { readStagedUpload } from './read-staged-upload';
import { removeExpiredUploads } from './remove-expired-uploads';
import { removeStagedUpload } from './remove-staged-upload';
import { stageUpload } from './stage-upload';
import { isUploadId, toStagedUpload } from './staged-upload-record';

import type { UploadedFile } from '../../lib/upload-temp-files';
import type { UploadDeps } from './upload-deps';

export function buildUploadServices(deps: UploadDeps) {
  const { storage } = deps;
  return {
    async stage(userId: string, file: UploadedFile): Promise<StagedUpload> {
      return toStagedUpload(await stageUpload(deps, userId, file));
    },

    read(userId: string, id: string) {
      return readStagedUpload(storage, userId, id);
    },

    /** Removing what names nothing of the user's is not an error. */
    async remove(userId: string, id: string): Promise<void> {
      if (isUploadId(id)) await removeStagedUpload(storage, userId, id);
    },

    /** Answers how many were removed. */
    removeExpired(now = new Date()): Promise<number> {
      return removeExpiredUploads(storage, now);
    },
  };
}

export type UploadServices = ReturnType<typeof buildUploadServices>;
