// How far an operation is: a bar of rows processed out of the valid ones, moving while it runs; an indeterminate
// bar while its sheet is being checked.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { formatCount, runProgress } from '../bulk-status';

import type { BulkOperation } from '../api/bulk-api';

export function BulkProgress({ operation }: { operation: BulkOperation }) {
  const progress = runProgress(operation);
  const label = `Progress of ${operation.name}`;
  return (
    <Box sx={{ minWidth: 120 }}>
      {progress === null ? (
        <LinearProgress aria-label={label} />
      ) : (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={label}
          aria-valuetext={`${formatCount(operation.processed)} of ${formatCount(operation.valid_rows)} rows`}
          color={operation.status === 'completed' ? 'success' : 'primary'}
        />
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {progressLabel(operation)}
      </Typography>
    </Box>
  );
}

/** 'Checking 120 rows…', or the sheet itself before its rows are counted. */
export function checkingLabel(operation: BulkOperation): string {
  return operation.total_rows > 0
    ? `Checking ${formatCount(operation.total_rows)} rows…`
    : 'Checking the sheet…';
}

/** What the bar means in words: rows processed of the valid ones, or why nothing moves. */
export function progressLabel(operation: BulkOperation): string {
  switch (operation.status) {
    case 'validating':
      return checkingLabel(operation);
    case 'invalid':
      return 'No valid rows';
    case 'ready':
      return 'Not started';
    default:
      return `${formatCount(operation.processed)} of ${formatCount(operation.valid_rows)} rows`;
  }
}

/**
 * The row counts that matter now, one per line: before a run the valid and invalid rows, then what it secured and
 * what failed (and the invalid rows it skipped).
 */
export function countLines(operation: BulkOperation): string[] {
  if (operation.status === 'validating') return [];
  const invalid =
    operation.invalid_rows > 0 ? [`${formatCount(operation.invalid_rows)} invalid`] : [];
  if (operation.status === 'ready' || operation.status === 'invalid') {
    return [`${formatCount(operation.valid_rows)} valid`, ...invalid];
  }
  return [
    `${formatCount(operation.succeeded)} secured`,
    ...(operation.failed > 0 ? [`${formatCount(operation.failed)} failed`] : []),
    ...invalid,
  ];
}

export function BulkCounts({ operation }: { operation: BulkOperation }) {
  const lines = countLines(operation);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Rows">
      {lines.map((line) => (
        <Typography key={line} component="li" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}
