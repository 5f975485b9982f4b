// Staged uploads (the file picker's destination) and the file sources the picker offers, for both sides.

/** Where the server mounts the file-import companion service (link import and cloud sources). */
export const COMPANION_PATH = '/companion';

/** Where the picker sends a chosen file, from the browser or through Companion. */
export const UPLOADS_PATH = '/api/uploads/';

/** Cloud sources the server can enable, by Companion's provider name. */
export const CLOUD_SOURCES = ['drive', 'dropbox', 'onedrive', 'box'] as const;
export type CloudSource = (typeof CLOUD_SOURCES)[number];

export type DocumentContentType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** A checked document waiting to be secured: POST /api/verifications/ takes its id as upload_id. */
export interface StagedUpload {
  id: string;
  name: string;
  size: number;
  /** The real type, read from the content. */
  type: DocumentContentType;
  /** After this the upload is removed; the user chooses the document again. */
  expires_at: string;
}

/** GET /api/uploads/sources/: the cloud sources whose keys are configured. */
export interface UploadSources {
  cloud: CloudSource[];
}
