// The bulk operation calls, injected into the one API. Each operation is {type: 'BulkOperation', id}; the list is
// id 'LIST'. A run makes verifications in the background, so an answer showing more rows secured (or a run that
// ended) refreshes the verifications' list, figures and template counts.
import { baseApi } from '@/lib/api/base-api';
import { blobOrErrorBody, fileNameFromResponse, saveBlob } from '@/lib/api/save-file';
import type { BulkMode } from '@common/bulk';
import type {
  BulkOperation,
  BulkOperationPage,
  CreateBulkOperationForm,
  SheetPreview,
} from '@common/bulk-schemas';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type {
  BulkOperation,
  BulkOperationPage,
  BulkRowError,
  CreateBulkOperationForm,
  SheetPreview,
} from '@common/bulk-schemas';

export interface BulkListParams {
  /** 1-based, as the server counts. */
  page: number;
  page_size: number;
}

export interface SheetPreviewRequest {
  sheet: File;
  mode: BulkMode;
}

/** The files an operation offers, each behind the bearer. */
export type BulkFileKind = 'result' | 'report';

export interface BulkDownloadRequest {
  id: string;
  kind: BulkFileKind;
  /** Used when the server names no file in Content-Disposition. */
  fallbackName: string;
}

const LIST_TAG = { type: 'BulkOperation', id: 'LIST' } as const;
const operationTag = (id: string) => ({ type: 'BulkOperation' as const, id });

/** What a run changes elsewhere: the verifications it made and the templates that count them. */
const RUN_OUTPUT_TAGS = [
  { type: 'Verification', id: 'LIST' },
  { type: 'Verification', id: 'STATS' },
  { type: 'Template', id: 'LIST' },
] as const;

/** The screens say what went wrong in their own words (an alert in the step, a toast naming the operation). */
const SHOWN_BY_SCREEN = { showsOwnErrors: true } as const;

/**
 * The multipart form: text fields first, then the files, so a server reading the stream meets the options before
 * the large parts. Fields left undefined are not sent.
 */
export function bulkOperationFormData(form: CreateBulkOperationForm): FormData {
  const body = new FormData();
  const textFields = [
    'name',
    'template_id',
    'qr',
    'allow_download',
    'mapping',
    'ignored_columns',
    'layout',
  ] as const;
  for (const field of textFields) {
    const value = form[field];
    if (value !== undefined) body.append(field, value);
  }
  body.append('sheet', form.sheet, form.sheet.name);
  if (form.documents) body.append('documents', form.documents, form.documents.name);
  if (form.design) body.append('design', form.design, form.design.name);
  return body;
}

/** Whether a newer answer shows the run has made more verifications (or ended) since the one before. */
function hasRunProgressed(before: BulkOperation | undefined, after: BulkOperation): boolean {
  if (!before || before.id !== after.id) return false;
  return before.succeeded !== after.succeeded || before.status !== after.status;
}

export const bulkApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getBulkOperations: build.query<BulkOperationPage, BulkListParams>({
      query: (params) => ({ url: 'bulk-operations/', params: { ...params } }),
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => operationTag(id)) ?? []),
        LIST_TAG,
      ],
      async onQueryStarted(params, { dispatch, getState, queryFulfilled }) {
        const before = bulkApi.endpoints.getBulkOperations.select(params)(getState()).data;
        try {
          const { data } = await queryFulfilled;
          const hasProgressed = data.results.some((operation) =>
            hasRunProgressed(
              before?.results.find(({ id }) => id === operation.id),
              operation,
            ),
          );
          if (hasProgressed) dispatch(baseApi.util.invalidateTags([...RUN_OUTPUT_TAGS]));
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    getBulkOperation: build.query<BulkOperation, string>({
      query: (id) => `bulk-operations/${id}/`,
      providesTags: (_result, _error, id) => [operationTag(id)],
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const before = bulkApi.endpoints.getBulkOperation.select(id)(getState()).data;
        try {
          const { data } = await queryFulfilled;
          if (hasRunProgressed(before, data)) {
            dispatch(baseApi.util.invalidateTags([...RUN_OUTPUT_TAGS]));
          }
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    /** The sheet's headers, row count, first rows and the suggested mapping, before anything is stored. */
    previewSheet: build.mutation<SheetPreview, SheetPreviewRequest>({
      query: ({ sheet, mode }) => {
        const body = new FormData();
        body.append('mode', mode);
        body.append('sheet', sheet, sheet.name);
        return { url: 'bulk-operations/sheet-preview/', method: 'POST', body };
      },
      extraOptions: SHOWN_BY_SCREEN,
    }),
    createBulkOperation: build.mutation<BulkOperation, CreateBulkOperationForm>({
      query: (form) => ({
        url: 'bulk-operations/',
        method: 'POST',
        body: bulkOperationFormData(form),
      }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
      async onQueryStarted(_form, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(bulkApi.util.upsertQueryData('getBulkOperation', data.id, data));
        } catch {
          // The review step shows the failure.
        }
      },
    }),
    startBulkOperation: build.mutation<BulkOperation, string>({
      query: (id) => ({ url: `bulk-operations/${id}/start/`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [operationTag(id), LIST_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    cancelBulkOperation: build.mutation<BulkOperation, string>({
      query: (id) => ({ url: `bulk-operations/${id}/cancel/`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [operationTag(id), LIST_TAG]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    // The operation is gone but not its verifications, which no longer name it.
    deleteBulkOperation: build.mutation<void, string>({
      query: (id) => ({ url: `bulk-operations/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG, ...RUN_OUTPUT_TAGS]),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    /** Fetches the result zip or the report with the bearer and hands it to the browser; caches nothing. */
    downloadBulkFile: build.mutation<null, BulkDownloadRequest>({
      async queryFn({ id, kind, fallbackName }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `bulk-operations/${id}/${kind}/`,
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error, meta: result.meta };
        saveBlob(result.data as Blob, fileNameFromResponse(result.meta?.response) ?? fallbackName);
        return { data: null };
      },
      extraOptions: SHOWN_BY_SCREEN,
    }),
    // The upload step's template choice. Features do not import each other, so this reads the templates list on
    // its own; the templates feature's mutations invalidate the same tag.
  }),
});

export const {
  useGetBulkOperationsQuery,
  useGetBulkOperationQuery,
  usePreviewSheetMutation,
  useCreateBulkOperationMutation,
  useStartBulkOperationMutation,
  useCancelBulkOperationMutation,
  useDeleteBulkOperationMutation,
  useDownloadBulkFileMutation,
} = bulkApi;
