// What the list and the review step do to an operation (start, cancel, downloads), each failure told in a toast
// that names the operation.
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import {
  useCancelBulkOperationMutation,
  useDownloadBulkFileMutation,
  useStartBulkOperationMutation,
  type BulkFileKind,
  type BulkOperation,
} from '../api/bulk-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const FILE_LABELS: Record<BulkFileKind, string> = {
  result: 'The result',
  report: 'The report',
};

/** A file name from the operation's name, for when the server names none. */
function fallbackName(operation: BulkOperation, kind: BulkFileKind): string {
  const base =
    operation.name
      .trim()
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'bulk-operation';
  return kind === 'result' ? `${base}.zip` : `${base}-report.csv`;
}

export function useBulkActions() {
  const [startOperation, startState] = useStartBulkOperationMutation();
  const [cancelOperation, cancelState] = useCancelBulkOperationMutation();
  const [downloadFile, downloadState] = useDownloadBulkFileMutation();

  async function start(operation: BulkOperation): Promise<boolean> {
    const result = await startOperation(operation.id);
    if (!result.error) return true;
    notify({
      severity: 'error',
      summary: 'Not started',
      detail: failureMessage(
        result.error as FetchBaseQueryError,
        `"${operation.name}" could not be started. Please try again.`,
      ),
    });
    return false;
  }

  async function cancel(operation: BulkOperation): Promise<boolean> {
    const result = await cancelOperation(operation.id);
    if (result.error) {
      notify({
        severity: 'error',
        summary: 'Not cancelled',
        detail: failureMessage(
          result.error as FetchBaseQueryError,
          `"${operation.name}" could not be cancelled. Please try again.`,
        ),
      });
      return false;
    }
    notify({
      severity: 'success',
      summary: 'Cancelled',
      detail: `"${operation.name}" stops; the documents already secured stay.`,
    });
    return true;
  }

  async function download(operation: BulkOperation, kind: BulkFileKind): Promise<void> {
    const result = await downloadFile({
      id: operation.id,
      kind,
      fallbackName: fallbackName(operation, kind),
    });
    if (!result.error) return;
    notify({
      severity: 'error',
      summary: 'Download failed',
      detail: failureMessage(
        result.error as FetchBaseQueryError,
        `${FILE_LABELS[kind]} of "${operation.name}" could not be downloaded. Please try again.`,
      ),
    });
  }

  return {
    start,
    cancel,
    download,
    /** The operation a call is under way for, so its buttons show it. */
    startingId: startState.isLoading ? (startState.originalArgs ?? null) : null,
    cancellingId: cancelState.isLoading ? (cancelState.originalArgs ?? null) : null,
    downloading: downloadState.isLoading
      ? (downloadState.originalArgs ?? null)
      : (null as { id: string; kind: BulkFileKind } | null),
  };
}
