// The bulk operation calls, injected into the one API. Each operation is {type: 'BulkOperation', id}; the list is
// id 'LIST'. A run makes verifications in the background, so an answer showing more rows secured (or a run that
// ended) refreshes the verifications' list, figures and template counts. A screen follows a working operation through
// the server's progress stream, and polls only when the stream cannot be had.
import { baseApi } from '@/lib/api/base-api';
import { blobOrErrorBody, fileNameFromResponse, saveBlob } from '@/lib/api/save-file';
import {
  BULK_FINAL_STATUSES,
  type BulkColumnMapping,
  type BulkMode,
  type DesignLayout,
} from '@common/bulk';
import type {
  BulkOperation,
  BulkOperationPage,
  BulkUpload,
  BulkUploadKind,
  SheetPreview,
} from '@common/bulk-schemas';
import type { QrPlacement } from '@common/verifications';

import { BULK_POLL_INTERVAL_MS } from '../bulk-status';

import { readServerSentEvents } from './server-sent-events';

import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';

// The shapes are the server's own (common/); re-exported so the feature's files read them from its API.
export type {
  BulkOperation,
  BulkOperationPage,
  BulkRowError,
  BulkUpload,
  BulkUploadKind,
  SheetPreview,
} from '@common/bulk-schemas';

export interface BulkListParams {
  /** 1-based, as the server counts. */
  page: number;
  page_size: number;
}

export interface SheetPreviewRequest {
  sheet_upload_id: string;
  mode: BulkMode;
}

/** A file sent once, before the preview and the create name it by its id. */
export interface StageBulkFileRequest {
  kind: BulkUploadKind;
  file: File;
}

/** POST /api/bulk-operations/ as JSON: the options, and the staged files by their ids. */
export interface CreateBulkOperationRequest {
  sheet_upload_id: string;
  documents_upload_id?: string;
  design_upload_id?: string;
  name?: string;
  template_id?: string;
  qr: QrPlacement;
  allow_download: boolean;
  mapping: BulkColumnMapping;
  /** Columns neither mapped nor published. */
  ignored_columns: string[];
  /** Design mode only. */
  layout?: DesignLayout;
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

/** Whether a newer answer shows the run has made more verifications (or ended) since the one before. */
function hasRunProgressed(before: BulkOperation | undefined, after: BulkOperation): boolean {
  if (!before || before.id !== after.id) return false;
  return before.succeeded !== after.succeeded || before.status !== after.status;
}

type BulkApiState = Parameters<typeof bulkApi.util.selectCachedArgsForQuery>[0];
type CacheApi = Pick<BaseQueryApi, 'dispatch' | 'getState'>;

/** The newest reading of an operation the cache holds, alone or in a page of the list. */
function cachedOperation({ getState }: CacheApi, id: string): BulkOperation | undefined {
  const state = getState() as BulkApiState;
  const alone = bulkApi.endpoints.getBulkOperation.select(id)(state).data;
  if (alone) return alone;
  for (const params of bulkApi.util.selectCachedArgsForQuery(state, 'getBulkOperations')) {
    const page = bulkApi.endpoints.getBulkOperations.select(params)(state).data;
    const listed = page?.results.find((operation) => operation.id === id);
    if (listed) return listed;
  }
  return undefined;
}

/**
 * Shows a newer reading of an operation in every page of the list that holds it, and refreshes what the run has
 * changed elsewhere when it moved on.
 */
function showOperation(api: CacheApi, operation: BulkOperation, before: BulkOperation | undefined) {
  const state = api.getState() as BulkApiState;
  for (const params of bulkApi.util.selectCachedArgsForQuery(state, 'getBulkOperations')) {
    api.dispatch(
      bulkApi.util.updateQueryData('getBulkOperations', params, (page) => {
        const index = page.results.findIndex(({ id }) => id === operation.id);
        if (index !== -1) page.results[index] = operation;
      }),
    );
  }
  if (hasRunProgressed(before, operation)) {
    api.dispatch(baseApi.util.invalidateTags([...RUN_OUTPUT_TAGS]));
  }
}

/** An operation read from its progress stream becomes the cached answer of getBulkOperation, and the list's. */
function operationStreamed(api: CacheApi, operation: BulkOperation) {
  const before = cachedOperation(api, operation.id);
  api.dispatch(
    bulkApi.util.upsertQueryEntries([
      { endpointName: 'getBulkOperation', arg: operation.id, value: operation },
    ]),
  );
  showOperation(api, operation, before);
}

function isSettled(operation: BulkOperation | undefined): boolean {
  return operation !== undefined && BULK_FINAL_STATUSES.includes(operation.status);
}

/** Waits `ms`, or less if `stop` settles first. */
function pause(ms: number, stop: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void stop.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
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
      // The review step says when it cannot load; a poll that fails keeps the last reading on screen, untoasted.
      extraOptions: SHOWN_BY_SCREEN,
      async onQueryStarted(id, api) {
        const before = cachedOperation(api, id);
        try {
          const { data } = await api.queryFulfilled;
          showOperation(api, data, before);
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    /**
     * Reads the operation's progress stream into the cache until the server ends it; the answer is how many
     * readings came. Used by followBulkOperation only.
     */
    readBulkOperationEvents: build.query<number, string>({
      async queryFn(id, api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `bulk-operations/${id}/events/`,
          headers: { Accept: 'text/event-stream' },
          responseHandler: (response) =>
            response.ok
              ? readServerSentEvents(response, (event) => {
                  if (event.type === 'progress') {
                    operationStreamed(api, JSON.parse(event.data) as BulkOperation);
                  }
                })
              : response.text(),
        });
        if (result.error) return { error: result.error, meta: result.meta };
        return { data: result.data as number };
      },
      keepUnusedDataFor: 0,
      extraOptions: SHOWN_BY_SCREEN,
    }),
    /**
     * Keeps an operation's cached reading (alone and in the list) current while a screen subscribes: through the
     * progress stream, opened again when it ends early after news, else by asking every BULK_POLL_INTERVAL_MS.
     * Stops when the operation is final or nobody subscribes any more.
     */
    followBulkOperation: build.query<null, string>({
      queryFn: () => ({ data: null }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(id, api) {
        let isRemoved = false;
        let reading: { abort: () => void } | null = null;
        void api.cacheEntryRemoved.then(() => {
          isRemoved = true;
          reading?.abort();
        });
        const isOver = () => isRemoved || isSettled(cachedOperation(api, id));
        while (!isOver()) {
          const current = api.dispatch(
            bulkApi.endpoints.readBulkOperationEvents.initiate(id, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
          reading = current;
          const result = await current;
          // Failed, or ended without a word (not a stream at all): poll instead.
          if (result.isError || !result.data) break;
        }
        while (!isOver()) {
          await pause(BULK_POLL_INTERVAL_MS, api.cacheEntryRemoved);
          if (isOver()) break;
          const result = await api.dispatch(
            bulkApi.endpoints.getBulkOperation.initiate(id, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
          // Deleted meanwhile: nothing more to follow.
          if (result.error && 'status' in result.error && result.error.status === 404) break;
        }
      },
    }),
    /** Stages the sheet or the design (the zip goes resumably, through Uppy); it expires after a day. */
    stageBulkFile: build.mutation<BulkUpload, StageBulkFileRequest>({
      query: ({ kind, file }) => {
        const body = new FormData();
        body.append(kind, file, file.name);
        return { url: 'bulk-operations/uploads/', method: 'POST', body };
      },
      extraOptions: SHOWN_BY_SCREEN,
    }),
    /** The staged sheet's headers, row count, first rows and the suggested mapping. */
    previewSheet: build.mutation<SheetPreview, SheetPreviewRequest>({
      query: (body) => ({ url: 'bulk-operations/sheet-preview/', method: 'POST', body }),
      extraOptions: SHOWN_BY_SCREEN,
    }),
    createBulkOperation: build.mutation<BulkOperation, CreateBulkOperationRequest>({
      query: (body) => ({ url: 'bulk-operations/', method: 'POST', body }),
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
  useFollowBulkOperationQuery,
  useStageBulkFileMutation,
  usePreviewSheetMutation,
  useCreateBulkOperationMutation,
  useStartBulkOperationMutation,
  useCancelBulkOperationMutation,
  useDeleteBulkOperationMutation,
  useDownloadBulkFileMutation,
} = bulkApi;
