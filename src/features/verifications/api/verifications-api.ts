// The verification calls, injected into the one API. Tags: each verification is
// {type: 'Verification', id}; the list is id 'LIST' and the dashboard figures id 'STATS'. A verification
// counts towards its template's `verification_count`, so creating, moving or deleting one refreshes the
// templates it touched.
import { baseApi } from '@/lib/api/base-api';
import {
  blobOrErrorBody,
  fileNameFromResponse,
  readBlobAsDataUrl,
  saveBlob,
} from '@/lib/api/save-file';
import { templateCountTags } from '@/lib/api/template-tags';
import type {
  CreateVerificationRequest,
  RevokeVerificationRequest,
  Verification,
  VerificationChanges,
  VerificationListQuery,
  VerificationPage,
  VerificationScans,
  VerificationStats,
} from '@common/verifications-schemas';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type {
  QrCorner,
  QrPages,
  QrPlacement,
  QrPosition,
  VerificationOrdering,
  VerificationStatus,
} from '@common/verifications';
export type {
  CreateVerificationRequest,
  CustomField,
  Verification,
  VerificationChanges,
  VerificationPage,
  VerificationStats,
} from '@common/verifications-schemas';

/** The list's page (1-based, as the server counts) and size always; filters and order when chosen. */
export type VerificationListParams = Pick<VerificationListQuery, 'page' | 'page_size'> &
  Partial<Omit<VerificationListQuery, 'page' | 'page_size'>>;

export type VerificationScan = VerificationScans['results'][number];

export type RevokeRequest = RevokeVerificationRequest & { id: string };

export type QrImageFormat = 'png' | 'svg';

/** The files a verification offers, each behind the bearer. */
export type VerificationFileKind = 'document' | 'original' | 'qr-png' | 'qr-svg';

export interface DownloadRequest {
  id: string;
  kind: VerificationFileKind;
  /** Used when the server names no file in Content-Disposition. */
  fallbackName: string;
}

const fileUrls: Record<VerificationFileKind, (id: string) => string> = {
  document: (id) => `verifications/${id}/document/`,
  original: (id) => `verifications/${id}/original/`,
  'qr-png': (id) => `verifications/${id}/qr/?format=png`,
  'qr-svg': (id) => `verifications/${id}/qr/?format=svg`,
};

const LIST_TAG = { type: 'Verification', id: 'LIST' } as const;
const STATS_TAG = { type: 'Verification', id: 'STATS' } as const;
const verificationTag = (id: string) => ({ type: 'Verification' as const, id });

/** Leaves out empty filters so the server sees only what the user chose. */
function listQueryParams(params: VerificationListParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  );
}

export const verificationsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    // The create screen explains every failure beside the fields or in its alert.
    createVerification: build.mutation<Verification, CreateVerificationRequest>({
      query: (body) => ({ url: 'verifications/', method: 'POST', body }),
      extraOptions: { showsOwnErrors: true },
      invalidatesTags: (result) =>
        result ? [LIST_TAG, STATS_TAG, ...templateCountTags(result.template_id)] : [],
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(verificationsApi.util.upsertQueryData('getVerification', data.id, data));
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    getVerifications: build.query<VerificationPage, VerificationListParams>({
      query: (params) => ({ url: 'verifications/', params: listQueryParams(params) }),
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => verificationTag(id)) ?? []),
        LIST_TAG,
      ],
    }),
    getVerificationStats: build.query<VerificationStats, void>({
      query: () => 'verifications/stats/',
      providesTags: [STATS_TAG],
    }),
    getVerification: build.query<Verification, string>({
      query: (id) => `verifications/${id}/`,
      providesTags: (_result, _error, id) => [verificationTag(id)],
    }),
    // No tag: no mutation of ours changes who scanned a code.
    getVerificationScans: build.query<VerificationScan[], string>({
      query: (id) => `verifications/${id}/scans/`,
      transformResponse: (answer: { results: VerificationScan[] }) => answer.results,
    }),
    /** The QR image as a data: URL, so the cache keeps a string rather than a Blob. */
    getVerificationQrImage: build.query<string, { id: string; format: QrImageFormat }>({
      async queryFn({ id, format }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `verifications/${id}/qr/`,
          params: { format },
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error, meta: result.meta };
        try {
          return { data: await readBlobAsDataUrl(result.data as Blob) };
        } catch (error) {
          return { error: { status: 'CUSTOM_ERROR', error: String(error) } };
        }
      },
    }),
    updateVerification: build.mutation<Verification, { id: string; changes: VerificationChanges }>({
      query: ({ id, changes }) => ({
        url: `verifications/${id}/`,
        method: 'PATCH',
        body: changes,
      }),
      // A new expiry date can change the status, and with it the figures.
      invalidatesTags: (_result, _error, { id }) => [verificationTag(id), LIST_TAG, STATS_TAG],
      // A move to another template changes the usage count of both templates.
      async onQueryStarted({ id, changes }, { dispatch, getState, queryFulfilled }) {
        if (!('template_id' in changes)) return;
        const before = verificationsApi.endpoints.getVerification.select(id)(getState()).data;
        try {
          const { data } = await queryFulfilled;
          dispatch(
            baseApi.util.invalidateTags(templateCountTags(before?.template_id, data.template_id)),
          );
        } catch {
          // Nothing moved.
        }
      },
    }),
    revokeVerification: build.mutation<Verification, RevokeRequest>({
      query: ({ id, reason, replaced_by_code }) => ({
        url: `verifications/${id}/revoke/`,
        method: 'POST',
        body: { reason, ...(replaced_by_code ? { replaced_by_code } : {}) },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [verificationTag(id), LIST_TAG, STATS_TAG],
      // The dialog shows the server's word inside itself.
      extraOptions: { showsOwnErrors: true },
    }),
    // The verification is gone: its own entry is not refetched (it would only answer 404); the
    // drawer showing it closes and the entry expires unused. Its template counts one fewer.
    deleteVerification: build.mutation<void, Pick<Verification, 'id' | 'template_id'>>({
      query: ({ id }) => ({ url: `verifications/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { template_id }) =>
        error ? [] : [LIST_TAG, STATS_TAG, ...templateCountTags(template_id)],
      // The dialog shows the server's word inside itself.
      extraOptions: { showsOwnErrors: true },
    }),
    /** Fetches a file with the bearer and hands it to the browser as a download; caches nothing. */
    downloadVerificationFile: build.mutation<null, DownloadRequest>({
      async queryFn({ id, kind, fallbackName }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: fileUrls[kind](id),
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error, meta: result.meta };
        saveBlob(result.data as Blob, fileNameFromResponse(result.meta?.response) ?? fallbackName);
        return { data: null };
      },
      // Downloads say what went wrong in their own toast, naming the file that failed.
      extraOptions: { showsOwnErrors: true },
    }),
  }),
});

export const {
  useCreateVerificationMutation,
  useGetVerificationsQuery,
  useGetVerificationStatsQuery,
  useGetVerificationQuery,
  useGetVerificationScansQuery,
  useGetVerificationQrImageQuery,
  useRevokeVerificationMutation,
  useDeleteVerificationMutation,
  useDownloadVerificationFileMutation,
} = verificationsApi;
