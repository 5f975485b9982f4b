// Creating a verification from a document the file picker has already uploaded (upload_id), sent as
// the same multipart form API clients send with a file. Made over XMLHttpRequest (one path for both);
// it authenticates with the base query's own header logic and, on success, invalidates the same tags
// an RTK Query mutation would.
import type { AppThunk } from '@/app/store';
import { API_BASE_PATH } from '@/config/paths';
import { prepareApiHeaders } from '@/lib/api/base-query-with-reauth';
import { reportServerError } from '@/lib/sentry';

import { sendWithProgress } from './send-with-progress';
import {
  LIST_TAG,
  STATS_TAG,
  verificationsApi,
  type CustomField,
  type QrPlacement,
  type Verification,
} from './verifications-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export interface CreateVerificationInput {
  /** The staged upload's id (POST /api/uploads/). */
  upload_id: string;
  title: string;
  holder_name: string;
  issue_date: string;
  expiry_date?: string;
  custom_fields: CustomField[];
  qr: QrPlacement;
  allow_download: boolean;
  template_id?: string;
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** CUSTOM_ERROR marker for an upload the user cancelled. */
export const UPLOAD_CANCELLED = 'UPLOAD_CANCELLED';

export type UploadResult = { data: Verification } | { error: FetchBaseQueryError };

/** The multipart body the server expects: plain fields as text, structured ones as JSON text. */
export function verificationFormData(input: CreateVerificationInput): FormData {
  const body = new FormData();
  body.append('upload_id', input.upload_id);
  body.append('title', input.title);
  body.append('holder_name', input.holder_name);
  body.append('issue_date', input.issue_date);
  if (input.expiry_date) body.append('expiry_date', input.expiry_date);
  body.append('custom_fields', JSON.stringify(input.custom_fields));
  body.append('qr', JSON.stringify(input.qr));
  body.append('allow_download', input.allow_download ? 'true' : 'false');
  if (input.template_id) body.append('template_id', input.template_id);
  return body;
}

const ENDPOINT_NAME = 'createVerification';

export function createVerification(
  input: CreateVerificationInput,
  { onProgress, signal }: UploadOptions = {},
): AppThunk<Promise<UploadResult>> {
  return async (dispatch, getState) => {
    const headers = prepareApiHeaders(new Headers({ Accept: 'application/json' }), { getState });
    const answer = await sendWithProgress({
      url: `${API_BASE_PATH}verifications/`,
      method: 'POST',
      body: verificationFormData(input),
      headers,
      onProgress,
      signal,
    });

    if (answer.kind === 'aborted') {
      return { error: { status: 'CUSTOM_ERROR', error: UPLOAD_CANCELLED } };
    }
    if (answer.kind === 'network-error') {
      return { error: { status: 'FETCH_ERROR', error: 'The upload could not reach the server' } };
    }
    const { status, body } = answer;
    if (status >= 200 && status < 300) {
      const verification = body as Verification;
      dispatch(
        verificationsApi.util.upsertQueryData('getVerification', verification.id, verification),
      );
      dispatch(verificationsApi.util.invalidateTags([LIST_TAG, STATS_TAG]));
      return { data: verification };
    }
    if (status === 401) {
      // The session has lapsed. Any call through the base query now meets the same 401 and runs
      // the one refresh flow (refresh, then reload, or sign out), so nothing is duplicated here.
      void dispatch(
        verificationsApi.endpoints.getVerificationStats.initiate(undefined, {
          forceRefetch: true,
          subscribe: false,
        }),
      );
    }
    if (status >= 500) reportServerError({ endpointName: ENDPOINT_NAME, status, body });
    return { error: { status, data: body } };
  };
}
