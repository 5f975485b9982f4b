// The zip of documents as a resumable upload (tus, through Uppy): it starts when the zip is chosen and reports its
// bytes as they go. A dropped connection is retried by tus-js-client from the server's offset (its retryDelays),
// and a retry after a failure resumes the same upload; the upload's id is its URL's last segment.
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import Tus, { type TusBody } from '@uppy/tus';
import { useEffect, useRef } from 'react';

import { useAppDispatch, useAppStore } from '@/app/hooks';
import { prepareApiHeaders, sessionExpired } from '@/lib/api/base-query-with-reauth';
import { BULK_RESUMABLE_UPLOADS_PATH } from '@common/bulk-schemas';

/** Within the common 100 MB body limit of proxies in front of the app. */
const TUS_CHUNK_BYTES = 50 * 1024 * 1024;

export interface DocumentsUploadHandlers {
  onProgress: (bytesSent: number) => void;
  onSuccess: (uploadId: string) => void;
  /** The status (0 without an answer) and the answer's JSON body, when there was one. */
  onError: (status: number, body: unknown) => void;
}

export interface DocumentsUpload {
  send: (file: File) => void;
  retry: () => void;
  /** Stops the upload and removes what the server holds of it. */
  cancel: () => void;
}

type ZipUppy = Uppy<Meta, TusBody>;

function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Reports the current file's events only: a replaced upload's late ones are not the user's any more. */
function listen(
  uppy: ZipUppy,
  handlers: () => DocumentsUploadHandlers,
  onUnauthorized: () => void,
) {
  const isCurrent = (file: UppyFile<Meta, TusBody> | undefined) =>
    Boolean(file && uppy.getFile(file.id));
  uppy.on('upload-progress', (file, progress) => {
    if (isCurrent(file)) handlers().onProgress(progress.bytesUploaded);
  });
  uppy.on('upload-success', (file, response) => {
    const id = response.uploadURL?.split('/').pop();
    if (isCurrent(file) && id) handlers().onSuccess(id);
  });
  uppy.on('upload-error', (file, _error, response) => {
    if (!isCurrent(file)) return;
    const status = response?.status ?? 0;
    if (status === 401) onUnauthorized();
    handlers().onError(status, parseJson(response?.body?.xhr?.responseText));
  });
}

export function useDocumentsUpload(handlers: DocumentsUploadHandlers): DocumentsUpload {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const uppyRef = useRef<ZipUppy | null>(null);

  useEffect(() => {
    const uppy: ZipUppy = new Uppy<Meta, TusBody>({
      autoProceed: true,
      restrictions: { maxNumberOfFiles: 1 },
    });
    uppy.use(Tus, {
      endpoint: `${window.location.origin}${BULK_RESUMABLE_UPLOADS_PATH}`,
      limit: 1,
      // Pieces a proxy's body limit lets through; each is kept on the server as it arrives.
      chunkSize: TUS_CHUNK_BYTES,
      // The server reads `kind` and `filename` (copied from `name`).
      allowedMetaFields: ['kind', 'name'],
      removeFingerprintOnSuccess: true,
      // Read for every request, so a retry carries the session's current bearer.
      onBeforeRequest: (request) => {
        const headers = prepareApiHeaders(new Headers(), { getState: store.getState });
        headers.forEach((value, name) => request.setHeader(name, value));
      },
    });
    listen(
      uppy,
      () => latest.current,
      () => void dispatch(sessionExpired()),
    );
    uppyRef.current = uppy;
    return () => {
      uppyRef.current = null;
      uppy.destroy();
    };
  }, [store, dispatch]);

  return {
    send: (file) => {
      const uppy = uppyRef.current;
      if (!uppy) return;
      uppy.cancelAll();
      try {
        uppy.addFile({ name: file.name, type: file.type, data: file, meta: { kind: 'documents' } });
      } catch {
        latest.current.onError(0, undefined);
      }
    },
    retry: () => void uppyRef.current?.retryAll(),
    cancel: () => uppyRef.current?.cancelAll(),
  };
}
