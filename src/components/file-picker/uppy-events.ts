// Uppy's events as the picker's own: the picked file's progress and the endpoint's answer, the problem to show under
// the picker, a 401 from the endpoint, and Uppy's notices as the app's toasts.
import { notify } from '@/lib/notify';

import type { PickedFile } from './picked-file';
import type { Body, Meta, Uppy, UppyFile } from '@uppy/core';

/** The link import's error toasts last 4 s; Companion's errors 5 s. */
export const LINK_ERROR_LIFETIME_MS = 4000;
const PICKER_ERROR_LIFETIME_MS = 5000;

/** The product's wording for the link import (Uppy's own strings differ by an apostrophe). */
export const LINK_MESSAGES = {
  incorrectUrl: 'Incorrect URL: Please make sure you are entering a direct link to a file',
  failedToFetch: "Companion failed to fetch this URL, please make sure it's correct",
} as const;

/**
 * Uppy retries a link upload that Companion reports as failed ten times over some 17 minutes, even when our
 * endpoint refused the file (transloadit/uppy#5453): the first failure is final here; the user can pick again.
 */
export const LINKED_FILE_FAILED =
  'The linked file could not be used. Make sure the link leads straight to a PDF, PNG or JPEG that is not password-protected, then try again.';
export const LINK_IS_A_PAGE =
  'This link opens a web page, not a file. Use a direct link to the PDF, PNG or JPEG.';

export interface UppyEventHandlers<Answer> {
  onChange: (file: PickedFile<Answer> | null) => void;
  /** A sentence to show under the picker, or null once a new file is picked. */
  onProblem: (message: string | null) => void;
  /** The endpoint answered 401: the session has lapsed. */
  onUnauthorized?: () => void;
  /** The message for a file that breaks the restrictions, or null to keep Uppy's. */
  describeRestriction?: (file: { name: string; type: string; size: number }) => string | null;
  /** Reads the endpoint's error answer into a sentence. */
  describeError?: (status: number, body: unknown) => string | null;
}

type AnyFile = UppyFile<Meta, Body>;

function sourceOf(file: AnyFile): PickedFile<unknown>['source'] {
  if (!file.isRemote) return 'local';
  const source = (file.source ?? '').toLowerCase();
  if (source === 'url') return 'link';
  if (source.includes('drive')) return 'drive';
  if (source.includes('dropbox')) return 'dropbox';
  if (source.includes('onedrive')) return 'onedrive';
  if (source.includes('box')) return 'box';
  return 'link';
}

function linkErrorLifetime(message: string): number {
  return message === LINK_MESSAGES.incorrectUrl || message === LINK_MESSAGES.failedToFetch
    ? LINK_ERROR_LIFETIME_MS
    : PICKER_ERROR_LIFETIME_MS;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function detailOf(details: unknown): string {
  if (typeof details === 'string') return details;
  if (details instanceof Error) return details.message;
  return '';
}

/**
 * Listens to `uppy` for as long as it lives. `handlers` is read at each event, so the caller's latest
 * callbacks answer without the instance being remade.
 */
export function listenToUppy<Answer>(
  uppy: Uppy<Meta, Body>,
  handlers: () => UppyEventHandlers<Answer>,
): void {
  const report = (file: AnyFile | undefined, patch: Partial<PickedFile<Answer>>) => {
    if (!file) return;
    handlers().onChange({
      name: file.name ?? 'document',
      size: file.size ?? 0,
      type: file.type ?? '',
      source: sourceOf(file),
      data: !file.isRemote && file.data instanceof File ? file.data : null,
      status: 'uploading',
      progress: 0,
      answer: null,
      error: null,
      ...patch,
    });
  };

  uppy.on('file-added', (file) => {
    handlers().onProblem(null);
    report(file, {});
  });
  uppy.on('upload-progress', (file, progress) => {
    const total = progress.bytesTotal || file?.size || 0;
    report(file, { progress: total ? Math.min(progress.bytesUploaded / total, 1) : 0 });
  });
  uppy.on('upload-success', (file, response) => {
    report(file, { status: 'done', progress: 1, answer: (response.body ?? null) as Answer });
  });
  uppy.on('upload-error', (file, uploadError, response) => {
    // XHRUpload passes its XMLHttpRequest here; a Companion upload passes nothing.
    const request = response as { status?: number; body?: unknown; responseText?: string };
    const status = request?.status ?? 0;
    if (status === 401) handlers().onUnauthorized?.();
    const message =
      handlers().describeError?.(status, request?.body ?? parseJson(request?.responseText)) ??
      uploadError.message ??
      'The file could not be uploaded.';
    handlers().onProblem(message);
    report(file, { status: 'failed', error: message });
  });
  uppy.on('file-removed', () => handlers().onChange(null));
  uppy.on('restriction-failed', (file, restrictionError) => {
    const message =
      (file &&
        handlers().describeRestriction?.({
          name: file.name ?? '',
          type: file.type ?? '',
          size: file.size ?? 0,
        })) ??
      restrictionError.message;
    handlers().onProblem(message);
  });
  // Uppy's own notices (a bad link, a Companion error, a stalled upload) become the app's toasts.
  uppy.on('info-visible', () => {
    const info = uppy.getState().info.at(-1);
    if (!info || info.type === 'info') return;
    notify({
      severity: info.type === 'warning' ? 'warning' : 'error',
      summary: info.type === 'warning' ? 'Upload' : 'File picker',
      detail: [info.message, detailOf(info.details)].filter(Boolean).join(' '),
      lifetime: linkErrorLifetime(info.message),
    });
  });
  uppy.on('upload-stalled', (stalled) => {
    notify({
      severity: 'warning',
      summary: 'Upload stalled',
      detail: stalled.message,
      lifetime: PICKER_ERROR_LIFETIME_MS,
    });
  });
  // Companion forgets a failed link upload's token before each retry: the first failure ends it.
  uppy.on('state-update', (previous, next) => {
    for (const [id, file] of Object.entries(next.files)) {
      const before = previous.files[id];
      if (
        file.isRemote &&
        before?.serverToken &&
        !file.serverToken &&
        !file.progress.uploadComplete
      ) {
        setTimeout(() => {
          uppy.removeFile(id);
          handlers().onProblem(LINKED_FILE_FAILED);
        });
      }
    }
  });
}
