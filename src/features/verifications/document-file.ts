// Which documents can be secured (the server's rules, checked before the upload starts). The size limit is the
// server's own (GET /api/settings/); until it is known the server alone checks the size.
import type { PickedFile } from '@/components/file-picker/picked-file';
import { errorCodeOf } from '@/lib/api/api-error-notification';
import { formatFileSize } from '@/lib/format-file-size';
import type { StagedUpload } from '@common/uploads-schemas';

export const DOCUMENT_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** The picker's allowed types: MIME types and extensions. */
export const DOCUMENT_PICKER_TYPES = Object.entries(DOCUMENT_TYPES).flatMap(
  ([type, extensions]) => [type, ...extensions],
);

/** What may be chosen, e.g. 'PDF, PNG or JPEG, up to 25 MB'. */
export function documentHint(maxBytes: number | undefined): string {
  return maxBytes ? `PDF, PNG or JPEG, up to ${formatFileSize(maxBytes)}` : 'PDF, PNG or JPEG';
}

/**
 * A 413 about the file's bytes (or a proxy's, without our body), which gets the size sentence; a 413 about what is
 * inside (too many pixels, a PDF too complex to read) keeps the server's own reason.
 */
export function isDocumentTooManyBytes(status: number, body: unknown): boolean {
  if (status !== 413) return false;
  const code = errorCodeOf(body);
  return code === undefined || code === 'file_too_large' || code === 'body_too_large';
}

/** e.g. 'The file is larger than the 25 MB limit'. */
export function documentTooLargeMessage(maxBytes: number | undefined): string {
  return maxBytes
    ? `The file is larger than the ${formatFileSize(maxBytes)} limit`
    : 'The file is larger than the upload limit';
}

export const DOCUMENT_MESSAGES = {
  required: 'Choose a document to secure',
  type: 'Only PDF, PNG and JPEG files can be secured',
  empty: 'The file is empty',
  uploading: 'Wait for the document to finish uploading',
  failed: 'The document could not be uploaded; choose it again',
} as const;

/** The picker's file once the server has checked and kept it (its answer carries the upload's id). */
export type PickedDocument = PickedFile<StagedUpload>;

export type DocumentKind = 'pdf' | 'image';

/** 'pdf', 'image', or null for a file the server would refuse. Browsers may leave type empty. */
export function documentKind(file: Pick<File, 'name' | 'type'>): DocumentKind | null {
  const name = file.name.toLowerCase();
  const byType = file.type && DOCUMENT_TYPES[file.type] ? file.type : null;
  const byExtension = file.type
    ? null
    : (Object.keys(DOCUMENT_TYPES).find((type) =>
        DOCUMENT_TYPES[type].some((extension) => name.endsWith(extension)),
      ) ?? null);
  const type = byType ?? byExtension;
  if (!type) return null;
  return type === 'application/pdf' ? 'pdf' : 'image';
}

/** The first problem with a chosen file, or null when it can be uploaded. */
export function documentFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'> | null | undefined,
  maxBytes: number | undefined,
): string | null {
  if (!file) return DOCUMENT_MESSAGES.required;
  if (!documentKind(file)) return DOCUMENT_MESSAGES.type;
  if (maxBytes && file.size > maxBytes) return documentTooLargeMessage(maxBytes);
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  return null;
}

/** The first problem with the picked document, or null when a verification can be made from it. */
export function pickedDocumentProblem(picked: PickedDocument | null | undefined): string | null {
  if (!picked) return DOCUMENT_MESSAGES.required;
  if (picked.status === 'failed') return picked.error ?? DOCUMENT_MESSAGES.failed;
  if (picked.status === 'uploading' || !picked.answer) return DOCUMENT_MESSAGES.uploading;
  return null;
}
