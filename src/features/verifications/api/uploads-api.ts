// The file picker's calls beside the upload itself: which cloud sources are configured, the bytes of a staged
// document (for the preview of a linked file) and removing one the user took out of the picker.
import { API_BASE_PATH } from '@/config/paths';
import { baseApi } from '@/lib/api/base-api';
import { explainsOwnErrors } from '@/lib/api/screen-handled-errors';
import type { UploadSources } from '@common/uploads';

export const uploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUploadSources: build.query<UploadSources, void>({
      query: () => 'uploads/sources/',
    }),
  }),
});

// Without the list the picker still offers this device and links: no toast for it.
explainsOwnErrors('getUploadSources', () => true);

export const { useGetUploadSourcesQuery } = uploadsApi;

/** A staged document's bytes as a File, for the preview; null when they cannot be read. */
export async function fetchStagedUpload(
  upload: { id: string; name: string; type: string },
  headers: Record<string, string>,
): Promise<File | null> {
  try {
    const response = await fetch(`${API_BASE_PATH}uploads/${upload.id}/`, { headers });
    if (!response.ok) return null;
    return new File([await response.blob()], upload.name, { type: upload.type });
  } catch {
    return null;
  }
}

/** Best effort: the server removes forgotten uploads after a day anyway. */
export function deleteStagedUpload(id: string, headers: Record<string, string>): void {
  fetch(`${API_BASE_PATH}uploads/${id}/`, { method: 'DELETE', headers }).catch(() => undefined);
}
