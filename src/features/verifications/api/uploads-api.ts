// The file picker's calls beside the upload itself (Uppy posts the file): which cloud sources are configured,
// the bytes of a staged document (for the preview of a linked file) and removing one the user took out of the
// picker.
import { baseApi } from '@/lib/api/base-api';
import { blobOrErrorBody } from '@/lib/api/save-file';
import type { StagedUpload, UploadSources } from '@common/uploads-schemas';

/** What the preview needs to name a staged document's bytes. */
export type StagedUploadRef = Pick<StagedUpload, 'id' | 'name' | 'type'>;

export const uploadsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getUploadSources: build.query<UploadSources, void>({
      query: () => 'uploads/sources/',
      // Without the list the picker still offers this device and links: no toast for it.
      extraOptions: { showsOwnErrors: true },
    }),
    /** A staged document's bytes as a File, for the preview; kept only while the preview shows it. */
    getStagedUploadFile: build.query<File, StagedUploadRef>({
      async queryFn(upload, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `uploads/${upload.id}/`,
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error, meta: result.meta };
        return { data: new File([result.data as Blob], upload.name, { type: upload.type }) };
      },
      keepUnusedDataFor: 0,
      // Without it the preview stays empty; the picker already shows the file.
      extraOptions: { showsOwnErrors: true },
    }),
    // Best effort: the server removes forgotten uploads after a day anyway.
    deleteStagedUpload: build.mutation<void, string>({
      query: (id) => ({ url: `uploads/${id}/`, method: 'DELETE' }),
      extraOptions: { showsOwnErrors: true },
    }),
  }),
});

export const {
  useGetUploadSourcesQuery,
  useGetStagedUploadFileQuery,
  useDeleteStagedUploadMutation,
} = uploadsApi;
