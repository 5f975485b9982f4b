// The uploads API's shapes, written once: the server serialises with these schemas, the SPA imports their
// inferred types (as types only: the constants it needs as values are in uploads.ts, which does not import zod).
import { z } from 'zod';

import { CLOUD_SOURCES, DOCUMENT_CONTENT_TYPES } from './uploads';

/** A checked document waiting to be secured: POST /api/verifications/ takes its id as upload_id. */
export const stagedUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  /** The real type, read from the content. */
  type: z.enum(DOCUMENT_CONTENT_TYPES),
  /** After this the upload is removed; the user chooses the document again. */
  expires_at: z.string(),
});
export type StagedUpload = z.infer<typeof stagedUploadSchema>;

/** GET /api/uploads/sources/: the cloud sources whose keys are configured. */
export const uploadSourcesSchema = z.object({ cloud: z.array(z.enum(CLOUD_SOURCES)) });
export type UploadSources = z.infer<typeof uploadSourcesSchema>;

/** /api/uploads/{id}/ */
export const uploadIdParams = z.object({ id: z.string() });
