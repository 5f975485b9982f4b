// How the screens name and judge an operation's state: status words, what may be done to it, how far it is.
import { BULK_FINAL_STATUSES, type BulkMode, type BulkStatus } from '@common/bulk';

import type { BulkOperation } from './api/bulk-api';

/** How often a followed operation is asked for again when its progress stream cannot be had. */
export const BULK_POLL_INTERVAL_MS = 1500;

export const STATUS_LABELS: Record<BulkStatus, string> = {
  validating: 'Checking',
  ready: 'Ready',
  invalid: 'Invalid',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const MODE_LABELS: Record<BulkMode, string> = {
  documents: 'Documents + sheet',
  design: 'From a design',
};

export function isFinal(status: BulkStatus): boolean {
  return BULK_FINAL_STATUSES.includes(status);
}

/** Whether the server is working on it, so its figures change and the screens poll. */
export function isInProgress(status: BulkStatus): boolean {
  return status === 'validating' || status === 'running';
}

export function canCancel(operation: BulkOperation): boolean {
  return operation.status === 'ready' || operation.status === 'running';
}

export function canStart(operation: BulkOperation): boolean {
  return operation.status === 'ready' && operation.valid_rows > 0;
}

/** A zip with documents in it exists once a row has been secured. */
export function hasResult(operation: BulkOperation): boolean {
  return operation.succeeded > 0;
}

/** The report lists every row once the sheet has been checked. */
export function hasReport(operation: BulkOperation): boolean {
  return operation.status !== 'validating';
}

/**
 * How far the run is, 0–100, or null while nothing can be measured (the sheet is being checked). Before a start
 * nothing has been processed; a finished run shows how much of it was done.
 */
export function runProgress(operation: BulkOperation): number | null {
  if (operation.status === 'validating') return null;
  if (operation.valid_rows === 0) return operation.status === 'completed' ? 100 : 0;
  return Math.min(100, Math.round((operation.processed / operation.valid_rows) * 100));
}

/** 1234 → '1,234'. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
}

/** Who started an operation, as the screens name people: their name, or their email when they gave none. */
export function authorName(author: BulkOperation['created_by']): string {
  return author ? author.name || author.email : 'A removed user';
}
