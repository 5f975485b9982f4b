// The file picker: Uppy's Dashboard for one file from this device (browse or drag and drop), from a direct link
// (fetched by the Companion service under /companion) or from a configured cloud source. The chosen file is
// uploaded at once to `endpoint`, which checks it and answers JSON; the caller gets that answer.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { alpha } from '@mui/material/styles';
import UppyBox from '@uppy/box';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import Dropbox from '@uppy/dropbox';
import GoogleDrive from '@uppy/google-drive';
import OneDrive from '@uppy/onedrive';
import Dashboard from '@uppy/react/dashboard';
import Url from '@uppy/url';
import XHRUpload from '@uppy/xhr-upload';
import { useEffect, useId, useRef, useState } from 'react';

import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import '@uppy/url/css/style.min.css';
import '@uppy/core/provider-views/css/style.min.css';

import { notify } from '@/lib/notify';
import type { CloudSource } from '@common/uploads';

/** Spec: the link import's error toasts last 4 s; Companion's errors 5 s. */
export const LINK_ERROR_LIFETIME_MS = 4000;
const PICKER_ERROR_LIFETIME_MS = 5000;

/** Spec wording for the link import (Uppy's own strings differ by an apostrophe). */
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
const LINK_IS_A_PAGE =
  'This link opens a web page, not a file. Use a direct link to the PDF, PNG or JPEG.';

export type PickedFileStatus = 'uploading' | 'done' | 'failed';

export interface PickedFile<Answer> {
  name: string;
  size: number;
  type: string;
  /** 'local' for this device, 'link' for a URL, else the cloud source. */
  source: 'local' | 'link' | CloudSource;
  /** The browser's own copy; null for a file Companion fetched. */
  data: File | null;
  status: PickedFileStatus;
  /** 0..1 while uploading. */
  progress: number;
  /** The endpoint's answer once done. */
  answer: Answer | null;
  error: string | null;
}

export interface FilePickerProps<Answer> {
  /** Names the picker for assistive technology, e.g. 'Document file'. */
  label: string;
  /** What may be chosen, e.g. 'PDF, PNG or JPEG, up to 25 MB'. */
  hint: string;
  /** MIME types and extensions, e.g. ['application/pdf', '.pdf']. */
  allowedTypes: string[];
  maxBytes: number;
  /** Absolute URL the file is posted to (field `file`), from the browser or from Companion. */
  endpoint: string;
  companionUrl: string;
  /** Sent with every upload and Companion call: the Authorization header. */
  getHeaders: () => Record<string, string>;
  cloudSources?: CloudSource[];
  /** The message for a file that breaks the restrictions, or null to keep Uppy's. */
  describeRestriction?: (file: { name: string; type: string; size: number }) => string | null;
  /** Reads the endpoint's error answer into a sentence. */
  describeError?: (status: number, body: unknown) => string | null;
  onChange: (file: PickedFile<Answer> | null) => void;
  /** The endpoint answered 401: the session has lapsed. */
  onUnauthorized?: () => void;
  error?: string;
  disabled?: boolean;
  height?: number;
}

type AnyFile = UppyFile<Meta, Body>;

const CLOUD_PLUGINS = {
  drive: GoogleDrive,
  dropbox: Dropbox,
  onedrive: OneDrive,
  box: UppyBox,
} as const;

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

export function FilePicker<Answer>(props: FilePickerProps<Answer>) {
  const { label, hint, error, disabled = false, height = 280 } = props;
  const [uppy, setUppy] = useState<Uppy<Meta, Body> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const hintId = useId();
  const errorId = useId();
  const cloudKey = (props.cloudSources ?? []).join(',');
  const { allowedTypes, maxBytes, endpoint, companionUrl } = props;
  const typesKey = allowedTypes.join(',');

  useEffect(() => {
    const instance = new Uppy<Meta, Body>({
      autoProceed: true,
      restrictions: {
        maxNumberOfFiles: 1,
        maxFileSize: maxBytes,
        allowedFileTypes: typesKey.split(','),
      },
      onBeforeFileAdded: (file) => {
        if (file.isRemote && /^text\/html/i.test(file.type ?? '')) {
          notify({
            severity: 'error',
            summary: 'Not a file',
            detail: LINK_IS_A_PAGE,
            lifetime: LINK_ERROR_LIFETIME_MS,
          });
          return false;
        }
        return true;
      },
      locale: {
        strings: {
          failedToFetch: LINK_MESSAGES.failedToFetch,
          enterCorrectUrl: LINK_MESSAGES.incorrectUrl,
        },
        pluralize: (count: number) => (count === 1 ? 0 : 1),
      },
    });
    instance.use(XHRUpload, {
      endpoint,
      fieldName: 'file',
      allowedMetaFields: ['name'],
      headers: () => latest.current.getHeaders(),
      limit: 1,
    });
    instance.use(Url, { companionUrl, companionHeaders: latest.current.getHeaders() });
    for (const source of cloudKey ? (cloudKey.split(',') as CloudSource[]) : []) {
      instance.use(CLOUD_PLUGINS[source] as typeof GoogleDrive, { companionUrl });
    }

    const report = (file: AnyFile | undefined, patch: Partial<PickedFile<Answer>>) => {
      if (!file) return;
      latest.current.onChange({
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

    instance.on('file-added', (file) => {
      setProblem(null);
      report(file, {});
    });
    instance.on('upload-progress', (file, progress) => {
      const total = progress.bytesTotal || file?.size || 0;
      report(file, { progress: total ? Math.min(progress.bytesUploaded / total, 1) : 0 });
    });
    instance.on('upload-success', (file, response) => {
      report(file, { status: 'done', progress: 1, answer: (response.body ?? null) as Answer });
    });
    instance.on('upload-error', (file, uploadError, response) => {
      // XHRUpload passes its XMLHttpRequest here; a Companion upload passes nothing.
      const request = response as { status?: number; body?: unknown; responseText?: string };
      const status = request?.status ?? 0;
      if (status === 401) latest.current.onUnauthorized?.();
      const message =
        latest.current.describeError?.(status, request?.body ?? parseJson(request?.responseText)) ??
        uploadError.message ??
        'The file could not be uploaded.';
      setProblem(message);
      report(file, { status: 'failed', error: message });
    });
    instance.on('file-removed', () => latest.current.onChange(null));
    instance.on('restriction-failed', (file, restrictionError) => {
      const message =
        (file &&
          latest.current.describeRestriction?.({
            name: file.name ?? '',
            type: file.type ?? '',
            size: file.size ?? 0,
          })) ??
        restrictionError.message;
      setProblem(message);
    });
    // Uppy's own notices (a bad link, a Companion error, a stalled upload) become the app's toasts.
    instance.on('info-visible', () => {
      const info = instance.getState().info.at(-1);
      if (!info || info.type === 'info') return;
      notify({
        severity: info.type === 'warning' ? 'warning' : 'error',
        summary: info.type === 'warning' ? 'Upload' : 'File picker',
        detail: [info.message, detailOf(info.details)].filter(Boolean).join(' '),
        lifetime: linkErrorLifetime(info.message),
      });
    });
    instance.on('upload-stalled', (stalled) => {
      notify({
        severity: 'warning',
        summary: 'Upload stalled',
        detail: stalled.message,
        lifetime: PICKER_ERROR_LIFETIME_MS,
      });
    });
    // Companion forgets a failed link upload's token before each retry: the first failure ends it.
    instance.on('state-update', (previous, next) => {
      for (const [id, file] of Object.entries(next.files)) {
        const before = previous.files[id];
        if (
          file.isRemote &&
          before?.serverToken &&
          !file.serverToken &&
          !file.progress.uploadComplete
        ) {
          setTimeout(() => {
            instance.removeFile(id);
            setProblem(LINKED_FILE_FAILED);
          });
        }
      }
    });

    // Uppy is an outside system made here (and remade when its settings change); the Dashboard waits for it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUppy(instance);
    return () => {
      instance.destroy();
    };
  }, [maxBytes, typesKey, endpoint, companionUrl, cloudKey]);

  const shownError = error ?? problem ?? undefined;
  const describedBy = [hintId, shownError && errorId].filter(Boolean).join(' ');

  return (
    <Box>
      <Box
        role="group"
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="file-picker"
        sx={(theme) => ({
          opacity: disabled ? 0.6 : 1,
          pointerEvents: disabled ? 'none' : undefined,
          // Uppy's Dashboard in the app's colours, type and corners.
          '& .uppy-Root': { fontFamily: theme.typography.fontFamily },
          '& .uppy-Dashboard-inner': {
            border: '2px dashed',
            borderColor: shownError ? theme.palette.error.main : theme.palette.divider,
            borderRadius: `${Number(theme.shape.borderRadius) * 3}px`,
            backgroundColor: theme.palette.background.default,
            width: '100% !important',
          },
          '& .uppy-Dashboard-innerWrap': {
            borderRadius: `${Number(theme.shape.borderRadius) * 3}px`,
          },
          '& .uppy-Dashboard-AddFiles': { border: 'none', margin: 0 },
          '& .uppy-Dashboard-AddFiles-title': {
            fontSize: theme.typography.body1.fontSize,
            fontWeight: 600,
            color: theme.palette.text.primary,
            maxWidth: 'none',
            paddingInline: theme.spacing(2),
          },
          '& .uppy-Dashboard-browse': { color: theme.palette.primary.main },
          '& .uppy-Dashboard-AddFiles-info': { display: 'block', bottom: theme.spacing(2) },
          '& .uppy-DashboardContent-back, & .uppy-Url-importButton, & .uppy-c-btn-primary': {
            fontFamily: theme.typography.fontFamily,
          },
          '& .uppy-c-btn-primary': { backgroundColor: theme.palette.primary.main },
          '& .uppy-c-btn-primary:hover': { backgroundColor: theme.palette.primary.dark },
          '& .uppy-Url-input:focus, & .uppy-c-textInput:focus': {
            borderColor: theme.palette.primary.main,
            boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.2)}`,
          },
          '& .uppy-StatusBar-progress, & .uppy-Dashboard-Item-progressIndicator': {
            color: theme.palette.primary.main,
          },
        })}
      >
        {uppy && (
          <Dashboard
            uppy={uppy}
            width="100%"
            height={height}
            proudlyDisplayPoweredByUppy={false}
            hideProgressDetails
            disableInformer
            disabled={disabled}
            showRemoveButtonAfterComplete
            // Its Done button would clear the picked file: the form's Create button is the way on.
            doneButtonHandler={null}
            locale={{
              strings: {
                dropPasteFiles: 'Drag and drop your file here, %{browseFiles}',
                dropPasteImportFiles:
                  'Drag and drop your file here, %{browseFiles} or import from:',
                browseFiles: 'browse files',
                myDevice: 'This device',
              },
            }}
          />
        )}
      </Box>
      <FormHelperText id={hintId} sx={{ mx: 1.75 }}>
        {hint}
      </FormHelperText>
      {shownError && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 1.75 }}>
          {shownError}
        </FormHelperText>
      )}
    </Box>
  );
}
