// The first problems the check found, by row and column; all of them are in the report.
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { formatCount } from '../bulk-status';

import type { BulkRowError } from '../api/bulk-api';

export function BulkErrorsTable({
  errors,
  errorCount,
}: {
  errors: BulkRowError[];
  errorCount: number;
}) {
  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label="Problems found">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>Row</TableCell>
              <TableCell sx={{ width: { xs: 96, sm: 160 } }}>Column</TableCell>
              <TableCell>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((error, index) => (
              <TableRow key={index}>
                <TableCell>{error.row ?? 'Sheet'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{error.column ?? '—'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {errorCount > errors.length && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          The first {formatCount(errors.length)} of {formatCount(errorCount)} problems. Download all
          errors for the full list.
        </Typography>
      )}
    </>
  );
}
