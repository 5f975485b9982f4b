// The picked document's bytes for the preview.
import { skipToken } from '@reduxjs/toolkit/query/react';

import { useGetSettingsQuery } from '@/lib/api/settings-api';

import { useGetStagedUploadFileQuery } from './api/uploads-api';
import { documentFileProblem, type PickedDocument } from './document-file';

/**
 * The picked document's bytes for the preview: the browser's own copy of a local file at once, a linked
 * one's from the server once Companion has delivered it.
 */
export function usePreviewFile(picked: PickedDocument | null): File | null {
  const maxBytes = useGetSettingsQuery().data?.upload_max_bytes;
  const local = picked?.data && !documentFileProblem(picked.data, maxBytes) ? picked.data : null;
  const upload = !local && picked?.status === 'done' ? picked.answer : null;
  const { data: fetched } = useGetStagedUploadFileQuery(
    upload ? { id: upload.id, name: upload.name, type: upload.type } : skipToken,
  );
  return local ?? (upload ? (fetched ?? null) : null);
}
