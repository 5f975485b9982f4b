// The verification calls, injected into the one API. Tags: each verification is
// {type: 'Verification', id}; the list is id 'LIST' and the dashboard figures id 'STATS'.
import { baseApi } from '@/lib/api/base-api';
import { explainsOwnErrors } from '@/lib/api/screen-handled-errors';
import type { Template } from '@common/templates';
import type { CustomField, Verification, VerificationStatus } from '@common/verifications';

import { blobOrErrorBody, fileNameFromResponse, readBlobAsDataUrl, saveBlob } from './save-file';

import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

// The shapes are shared with the server (common/); re-exported so the feature's files read them from its API.
export type {
  CustomField,
  QrCorner,
  QrPages,
  QrPlacement,
  QrPosition,
  Verification,
  VerificationStatus,
} from '@common/verifications';

export type VerificationOrdering =
  | 'created_at'
  | '-created_at'
  | 'title'
  | '-title'
  | 'issue_date'
  | '-issue_date'
  | 'scan_count'
  | '-scan_count';

export interface VerificationListParams {
  /** 1-based, as the server counts. */
  page: number;
  page_size: number;
  search?: string;
  status?: VerificationStatus;
  issued_from?: string;
  issued_to?: string;
  ordering?: VerificationOrdering;
}

export interface VerificationPage {
  count: number;
  page: number;
  page_size: number;
  results: Verification[];
}

export interface VerificationStats {
  total: number;
  active: number;
  revoked: number;
  expired: number;
  scans_last_30_days: number;
}

export interface VerificationScan {
  scanned_at: string;
  device: string;
}

export interface VerificationChanges {
  title?: string;
  holder_name?: string;
  issue_date?: string;
  expiry_date?: string | null;
  custom_fields?: CustomField[];
  allow_download?: boolean;
}

export interface RevokeRequest {
  id: string;
  reason: string;
  replaced_by_code?: string;
}

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

export const LIST_TAG = { type: 'Verification', id: 'LIST' } as const;
export const STATS_TAG = { type: 'Verification', id: 'STATS' } as const;
const verificationTag = (id: string) => ({ type: 'Verification' as const, id });

/** Leaves out empty filters so the server sees only what the user chose. */
function listQueryParams(params: VerificationListParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  );
}

export type TemplateChoice = Pick<Template, 'id' | 'name' | 'is_default' | 'allow_download'>;

export const verificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVerifications: build.query<VerificationPage, VerificationListParams>({
      query: (params) => ({ url: 'verifications/', params: listQueryParams(params) }),
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => verificationTag(id)) ?? []),
        LIST_TAG,
      ],
    }),
    // The create form's template choice. Features do not import each other, so this reads the templates list on
    // its own and names only what a choice needs; the templates feature's mutations invalidate the same tag.
    getTemplateChoices: build.query<TemplateChoice[], void>({
      query: () => 'templates/',
      transformResponse: (answer: { results: TemplateChoice[] }) =>
        answer.results.map(({ id, name, is_default, allow_download }) => ({
          id,
          name,
          is_default,
          allow_download,
        })),
      providesTags: [{ type: 'Template', id: 'LIST' }],
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
        if (result.error) return { error: result.error };
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
    }),
    revokeVerification: build.mutation<Verification, RevokeRequest>({
      query: ({ id, reason, replaced_by_code }) => ({
        url: `verifications/${id}/revoke/`,
        method: 'POST',
        body: { reason, ...(replaced_by_code ? { replaced_by_code } : {}) },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [verificationTag(id), LIST_TAG, STATS_TAG],
    }),
    // The verification is gone: its own entry is not refetched (it would only answer 404); the
    // drawer showing it closes and the entry expires unused.
    deleteVerification: build.mutation<void, string>({
      query: (id) => ({ url: `verifications/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG, STATS_TAG]),
    }),
    /** Fetches a file with the bearer and hands it to the browser as a download; caches nothing. */
    downloadVerificationFile: build.mutation<null, DownloadRequest>({
      async queryFn({ id, kind, fallbackName }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: fileUrls[kind](id),
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error };
        const response = (result.meta as FetchBaseQueryMeta | undefined)?.response;
        saveBlob(result.data as Blob, fileNameFromResponse(response) ?? fallbackName);
        return { data: null };
      },
    }),
  }),
});

export const {
  useGetVerificationsQuery,
  useGetVerificationStatsQuery,
  useGetTemplateChoicesQuery,
  useGetVerificationQuery,
  useGetVerificationScansQuery,
  useGetVerificationQrImageQuery,
  useUpdateVerificationMutation,
  useRevokeVerificationMutation,
  useDeleteVerificationMutation,
  useDownloadVerificationFileMutation,
} = verificationsApi;

// Downloads say what went wrong in their own toast, naming the file that failed; the revoke and
// delete dialogs show the server's word inside the dialog. 5xx still reach Sentry.
explainsOwnErrors('downloadVerificationFile', () => true);
explainsOwnErrors('revokeVerification', () => true);
explainsOwnErrors('deleteVerification', () => true);
