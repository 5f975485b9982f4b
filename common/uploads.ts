// Staged uploads (the file picker's destination) and the file sources the picker offers, for both sides. No zod
// here; the shapes are in uploads-schemas.ts.

/** Where the server mounts the file-import companion service (link import and cloud sources). */
export const COMPANION_PATH = '/companion';

/** Where the picker sends a chosen file, from the browser or through Companion. */
export const UPLOADS_PATH = '/api/uploads/';

/** Cloud sources the server can enable, by Companion's provider name. */
export const CLOUD_SOURCES = ['drive', 'dropbox', 'onedrive', 'box'] as const;
export type CloudSource = (typeof CLOUD_SOURCES)[number];

/** The document types that can be secured, by their real type read from the content. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
