// Search, filters and (on a phone, where there are no column headers) the sort order.
import CancelIcon from '@mui/icons-material/Cancel';
import LibraryAddCheckOutlined from '@mui/icons-material/LibraryAddCheckOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { STATUS_LABELS, type VerificationFilters } from '../filters';
import { SORT_LABELS, sortOf } from '../ordering';

import type { VerificationOrdering, VerificationStatus } from '../api/verifications-api';

const ORDERINGS: VerificationOrdering[] = [
  '-created_at',
  'created_at',
  'title',
  '-title',
  '-issue_date',
  'issue_date',
  '-scan_count',
  'scan_count',
];

function orderingLabel(ordering: VerificationOrdering): string {
  const { field, isDescending } = sortOf(ordering);
  const direction = {
    title: isDescending ? 'Z to A' : 'A to Z',
    issue_date: isDescending ? 'newest first' : 'oldest first',
    created_at: isDescending ? 'newest first' : 'oldest first',
    scan_count: isDescending ? 'most first' : 'fewest first',
  }[field];
  return `${SORT_LABELS[field]}, ${direction}`;
}

interface VerificationsToolbarProps {
  filters: VerificationFilters;
  onFiltersChange: (filters: VerificationFilters) => void;
  ordering: VerificationOrdering;
  onOrderingChange: (ordering: VerificationOrdering) => void;
  /** The bulk operation the list is narrowed to (from the address); its name once a verification names it. */
  bulkOperation?: { id: string; name: string | null } | null;
  onBulkOperationClear?: () => void;
}

export function VerificationsToolbar({
  filters,
  onFiltersChange,
  ordering,
  onOrderingChange,
  bulkOperation,
  onBulkOperationClear,
}: VerificationsToolbarProps) {
  const change = (changes: Partial<VerificationFilters>) =>
    onFiltersChange({ ...filters, ...changes });
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', p: 2, alignItems: 'flex-start' }}
      role="search"
    >
      <TextField
        label="Search"
        placeholder="Title, holder or code"
        size="small"
        value={filters.search}
        onChange={(event) => change({ search: event.target.value })}
        sx={{ flex: { xs: '1 1 100%', md: '1 1 240px' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { type: 'search' },
        }}
      />
      <TextField
        select
        label="Status"
        size="small"
        value={filters.status}
        onChange={(event) =>
          change({ status: event.target.value as VerificationFilters['status'] })
        }
        sx={{ flex: { xs: '1 1 120px', md: '0 0 150px' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {(Object.keys(STATUS_LABELS) as VerificationStatus[]).map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Sort by"
        size="small"
        value={ordering}
        onChange={(event) => onOrderingChange(event.target.value as VerificationOrdering)}
        sx={{ flex: '1 1 120px', display: { xs: 'flex', sm: 'none' } }}
      >
        {ORDERINGS.map((option) => (
          <MenuItem key={option} value={option}>
            {orderingLabel(option)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Issued from"
        type="date"
        size="small"
        value={filters.issuedFrom}
        onChange={(event) => change({ issuedFrom: event.target.value })}
        sx={{ flex: { xs: '1 1 130px', md: '0 0 160px' } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { max: filters.issuedTo || undefined },
        }}
      />
      <TextField
        label="Issued to"
        type="date"
        size="small"
        value={filters.issuedTo}
        onChange={(event) => change({ issuedTo: event.target.value })}
        sx={{ flex: { xs: '1 1 130px', md: '0 0 160px' } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: filters.issuedFrom || undefined },
        }}
      />
      {bulkOperation && (
        <Box sx={{ flex: '1 1 100%' }}>
          <Chip
            icon={<LibraryAddCheckOutlined />}
            label={`Bulk: ${bulkOperation.name ?? 'one operation'}`}
            color="primary"
            variant="outlined"
            onDelete={onBulkOperationClear}
            deleteIcon={<CancelIcon aria-label="Show verifications of every operation" />}
          />
        </Box>
      )}
    </Stack>
  );
}
