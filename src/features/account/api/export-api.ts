// 'Download my data': ask for an export (the zip is built in the background and its link mailed) and read the
// latest one's state while it is prepared.
import { baseApi } from '@/lib/api/base-api';
import type { AccountExport } from '@common/account-export-schemas';

export type { AccountExport };

const exportApi = baseApi.enhanceEndpoints({ addTagTypes: ['AccountExport'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getLatestExport: build.query<AccountExport | null, void>({
      query: () => 'account/export/',
      providesTags: ['AccountExport'],
    }),
    requestExport: build.mutation<{ id: string; status: 'pending' }, void>({
      query: () => ({ url: 'account/export/', method: 'POST' }),
      invalidatesTags: ['AccountExport'],
      // The section says why it failed.
      extraOptions: { showsOwnErrors: true },
    }),
  }),
});

export const { useGetLatestExportQuery, useRequestExportMutation } = exportApi;
