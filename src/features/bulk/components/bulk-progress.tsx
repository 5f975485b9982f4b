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
        {progress === null
          ? checkingLabel(operation)
          : `${formatCount(operation.processed)} of ${formatCount(operation.valid_rows)} rows`}
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

/** '120 secured · 2 failed · 3 invalid'; parts that are zero are left out after the first. */
export function countsSummary(operation: BulkOperation): string {
  const parts = [`${formatCount(operation.succeeded)} secured`];
  if (operation.failed > 0) parts.push(`${formatCount(operation.failed)} failed`);
  if (operation.invalid_rows > 0) parts.push(`${formatCount(operation.invalid_rows)} invalid`);
  return parts.join(' · ');
}
