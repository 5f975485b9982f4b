// The operation's files, each sent once as soon as it is chosen and named by its upload id after: the sheet and the
// design in one request each, the zip resumably with its progress. The preview and the create name the ids.
import { useRef, useState } from 'react';

import { findServerMessage } from '@/lib/api/api-error-notification';
import { formatFileSize } from '@/lib/format-file-size';

import { useStageBulkFileMutation, type BulkUploadKind } from '../api/bulk-api';
import { fileProblem, type BulkLimits } from '../bulk-files';

import { useDocumentsUpload } from './use-documents-upload';

import type { UploadIds } from './bulk-draft';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export interface StagedFile {
  /** null once the server has forgotten it: it is chosen again. */
  file: File | null;
  status: 'uploading' | 'done' | 'failed';
  /** What the server holds so far (the zip's count moves; the others jump to the end). */
  bytesSent: number;
  id: string | null;
  /** Why it is not uploaded, in words the user can act on. */
  error: string | null;
}

export type StagedFiles = Partial<Record<BulkUploadKind, StagedFile>>;

/** The staged id, or why there is none. */
export type StagedResult = { id: string } | { error: string };

export interface StagedFilesApi {
  staged: StagedFiles;
  /** Sends a chosen file that passes the checks (a file that does not is only forgotten). */
  stage: (kind: BulkUploadKind, file: File | null) => void;
  /**
   * The id of `file` once the server holds it, sending it again when it failed. The zip is not waited for: it
   * answers with its id only when done.
   */
  stagedId: (kind: BulkUploadKind, file: File) => Promise<StagedResult | null>;
  retry: (kind: BulkUploadKind) => void;
  /** Stops and forgets a kind's file. */
  drop: (kind: BulkUploadKind) => void;
  /** The server no longer holds the file: it is to be chosen again, for this reason. */
  expire: (kind: BulkUploadKind, reason: string) => void;
  clear: () => void;
  ids: () => UploadIds;
}

const NOUNS: Record<BulkUploadKind, string> = {
  sheet: 'sheet',
  documents: 'zip',
  design: 'design',
};

/** The sentence shown when a file did not go up: the server's when it gave one. */
export function stagingFailure(
  kind: BulkUploadKind,
  status: number | string,
  body: unknown,
  maxBytes: number | undefined,
): string {
  const message = findServerMessage(body);
  if (message) return message;
  if (status === 413 && maxBytes) {
    return `The file is larger than the ${formatFileSize(maxBytes)} limit`;
  }
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  return `The ${NOUNS[kind]} could not be uploaded. Check your connection and try again.`;
}

const uploading = (file: File): StagedFile => ({
  file,
  status: 'uploading',
  bytesSent: 0,
  id: null,
  error: null,
});

export function useStagedFiles(limits: BulkLimits): StagedFilesApi {
  const [staged, setStaged] = useState<StagedFiles>({});
  const [stageFile] = useStageBulkFileMutation();
  // The latest sheet and design requests: a choice made again waits for the one under way.
  const requests = useRef<Partial<Record<BulkUploadKind, Promise<StagedResult>>>>({});
  // The truth, read by handlers between renders (the create reads the ids right after a click); `staged` shows it.
  const current = useRef<StagedFiles>({});
  const change = (next: (all: StagedFiles) => StagedFiles) => {
    current.current = next(current.current);
    setStaged(current.current);
  };
  const limitOf = (kind: BulkUploadKind) =>
    ({ sheet: limits.sheetBytes, documents: limits.zipBytes, design: limits.designBytes })[kind];

  const update = (kind: BulkUploadKind, file: File, patch: Partial<StagedFile>) =>
    change((all) => {
      const entry = all[kind];
      return entry?.file === file ? { ...all, [kind]: { ...entry, ...patch } } : all;
    });

  const zip = useDocumentsUpload({
    onProgress: (bytesSent) => {
      const file = current.current.documents?.file;
      if (file) update('documents', file, { bytesSent, status: 'uploading', error: null });
    },
    onSuccess: (id) => {
      const file = current.current.documents?.file;
      if (file) update('documents', file, { id, status: 'done', bytesSent: file.size });
    },
    onError: (status, body) => {
      const file = current.current.documents?.file;
      const error = stagingFailure('documents', status, body, limits.zipBytes);
      if (file) update('documents', file, { status: 'failed', error });
    },
  });

  function send(kind: BulkUploadKind, file: File): Promise<StagedResult> {
    change((all) => ({ ...all, [kind]: uploading(file) }));
    const request = stageFile({ kind, file }).then((result): StagedResult => {
      if (result.data) {
        update(kind, file, { id: result.data.id, status: 'done', bytesSent: file.size });
        return { id: result.data.id };
      }
      const error = result.error as FetchBaseQueryError;
      const message = stagingFailure(kind, error.status, error.data, limitOf(kind));
      if (requests.current[kind] === request) delete requests.current[kind];
      update(kind, file, { status: 'failed', error: message });
      return { error: message };
    });
    requests.current[kind] = request;
    return request;
  }

  function drop(kind: BulkUploadKind) {
    if (kind === 'documents') zip.cancel();
    delete requests.current[kind];
    change(({ [kind]: _dropped, ...rest }) => rest);
  }

  function stage(kind: BulkUploadKind, file: File | null) {
    if (!file || fileProblem(kind, file, limits)) return drop(kind);
    if (kind !== 'documents') return void send(kind, file);
    change((all) => ({ ...all, documents: uploading(file) }));
    zip.send(file);
  }

  async function stagedId(kind: BulkUploadKind, file: File): Promise<StagedResult | null> {
    const entry = current.current[kind];
    if (kind === 'documents') {
      if (entry?.file !== file) stage(kind, file);
      else if (entry.status === 'failed') return { error: entry.error ?? '' };
      return entry?.file === file && entry.id ? { id: entry.id } : null;
    }
    if (entry?.file === file && entry.id) return { id: entry.id };
    const pending = requests.current[kind];
    if (entry?.file === file && pending) return pending;
    return send(kind, file);
  }

  return {
    staged,
    stage,
    stagedId,
    retry: (kind) => {
      const entry = current.current[kind];
      if (!entry?.file) return;
      if (kind !== 'documents') return void send(kind, entry.file);
      update(kind, entry.file, { status: 'uploading', error: null });
      zip.retry();
    },
    drop,
    expire: (kind, reason) => {
      if (kind === 'documents') zip.cancel();
      delete requests.current[kind];
      change((all) => ({
        ...all,
        [kind]: { file: null, status: 'failed', bytesSent: 0, id: null, error: reason },
      }));
    },
    clear: () => {
      zip.cancel();
      requests.current = {};
      change(() => ({}));
    },
    ids: () =>
      Object.fromEntries(
        Object.entries(current.current).flatMap(([kind, entry]) =>
          entry?.id ? [[kind, entry.id]] : [],
        ),
      ),
  };
}
