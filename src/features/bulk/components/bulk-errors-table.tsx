// The first problems the check found, by row and column (a table; a list on phones); all of them are in the report.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { useIsPhone } from '@/components/responsive-list';

import { formatCount } from '../bulk-status';

import type { BulkRowError } from '../api/bulk-api';

function where(error: BulkRowError): string {
  if (error.row === null) return 'The whole sheet';
  return error.column ? `Row ${error.row} · ${error.column}` : `Row ${error.row}`;
}

function ErrorList({ errors }: { errors: BulkRowError[] }) {
  return (
    <Box
      component="ul"
      aria-label="Problems found"
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        maxHeight: 420,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {errors.map((error, index) => (
        <Box
          component="li"
          key={index}
          sx={{ px: 2, py: 1.25, '& + &': { borderTop: 1, borderColor: 'divider' } }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            {where(error)}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {error.message}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ErrorTable({ errors }: { errors: BulkRowError[] }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label="Problems found">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>Row</TableCell>
            <TableCell sx={{ width: 160 }}>Column</TableCell>
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
  );
}

export function BulkErrorsTable({
  errors,
  errorCount,
}: {
  errors: BulkRowError[];
  errorCount: number;
}) {
  const isPhone = useIsPhone();
  return (
    <>
      {isPhone ? <ErrorList errors={errors} /> : <ErrorTable errors={errors} />}
      {errorCount > errors.length && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          The first {formatCount(errors.length)} of {formatCount(errorCount)} problems. Download all
          errors for the full list.
        </Typography>
      )}
    </>
  );
}
