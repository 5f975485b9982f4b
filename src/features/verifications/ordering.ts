// How the list is sorted: the server's ordering values read as a column and a direction, and back.
import type { VerificationOrdering } from './api/verifications-api';

export type SortField = 'title' | 'issue_date' | 'scan_count' | 'created_at';

export const SORT_LABELS: Record<SortField, string> = {
  title: 'Title',
  issue_date: 'Issue date',
  scan_count: 'Scans',
  created_at: 'Created',
};

export function sortOf(ordering: VerificationOrdering): {
  field: SortField;
  isDescending: boolean;
} {
  const isDescending = ordering.startsWith('-');
  return { field: (isDescending ? ordering.slice(1) : ordering) as SortField, isDescending };
}

/** Clicking a column sorts by it; clicking it again flips the direction. */
export function nextOrdering(
  current: VerificationOrdering,
  field: SortField,
): VerificationOrdering {
  const { field: currentField, isDescending } = sortOf(current);
  if (currentField === field) return (isDescending ? field : `-${field}`) as VerificationOrdering;
  // Titles read best A to Z; dates and counts newest or highest first.
  return (field === 'title' ? field : `-${field}`) as VerificationOrdering;
}
