// The verifications of one page: a sortable table from the sm breakpoint up, cards on a phone.
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';

import { useIsPhone } from '@/components/responsive-list';
import { formatDateTime } from '@/lib/dates';
import { MONOSPACE } from '@/theme/primitives';

import { authorName, formatCalendarDate } from '../format';
import { nextOrdering, SORT_LABELS, sortOf, type SortField } from '../ordering';

import { VerificationStatusChip } from './verification-status-chip';

import type { Verification, VerificationOrdering } from '../api/verifications-api';

interface VerificationsListProps {
  rows: Verification[] | undefined;
  /** Rows to sketch while the first page loads. */
  placeholderRows: number;
  ordering: VerificationOrdering;
  onOrderingChange: (ordering: VerificationOrdering) => void;
  onOpen: (verification: Verification) => void;
}

export function VerificationsList(props: VerificationsListProps) {
  const isPhone = useIsPhone();
  return isPhone ? <VerificationCards {...props} /> : <VerificationsTable {...props} />;
}

function SortableHeader({
  field,
  ordering,
  onOrderingChange,
  align,
}: {
  field: SortField;
  ordering: VerificationOrdering;
  onOrderingChange: (ordering: VerificationOrdering) => void;
  align?: 'right';
}) {
  const sort = sortOf(ordering);
  const isActive = sort.field === field;
  return (
    <TableCell
      align={align}
      sortDirection={isActive ? (sort.isDescending ? 'desc' : 'asc') : false}
    >
      <TableSortLabel
        active={isActive}
        direction={isActive && sort.isDescending ? 'desc' : 'asc'}
        onClick={() => onOrderingChange(nextOrdering(ordering, field))}
      >
        {SORT_LABELS[field]}
      </TableSortLabel>
    </TableCell>
  );
}

function VerificationsTable({
  rows,
  placeholderRows,
  ordering,
  onOrderingChange,
  onOpen,
}: VerificationsListProps) {
  const header = { ordering, onOrderingChange };
  return (
    <TableContainer>
      <Table aria-label="Verifications" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow
            sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}
          >
            <SortableHeader field="title" {...header} />
            <TableCell>Status</TableCell>
            <SortableHeader field="issue_date" {...header} />
            <SortableHeader field="scan_count" align="right" {...header} />
            <SortableHeader field="created_at" {...header} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows
            ? rows.map((verification) => (
                <TableRow
                  key={verification.id}
                  hover
                  onClick={() => onOpen(verification)}
                  sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
                >
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Link
                      component="button"
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(verification);
                      }}
                      sx={{
                        fontWeight: 600,
                        textAlign: 'left',
                        color: 'text.primary',
                        display: 'block',
                        maxWidth: '100%',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {verification.title}
                    </Link>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {verification.holder_name}
                      {' · '}
                      <Box component="span" sx={{ fontFamily: MONOSPACE, fontSize: 13 }}>
                        {verification.code}
                      </Box>
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <VerificationStatusChip status={verification.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatCalendarDate(verification.issue_date)}
                  </TableCell>
                  <TableCell align="right">{verification.scan_count}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary', maxWidth: 220 }}>
                    <div>{formatDateTime(verification.created_at)}</div>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      by {authorName(verification.created_by)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))
            : Array.from({ length: placeholderRows }, (_, index) => (
                <TableRow key={index} aria-hidden>
                  <TableCell>
                    <Skeleton width="70%" />
                    <Skeleton width="40%" />
                  </TableCell>
                  <TableCell>
                    <Skeleton variant="rounded" width={80} height={24} />
                  </TableCell>
                  <TableCell>
                    <Skeleton width={100} />
                  </TableCell>
                  <TableCell>
                    <Skeleton width={24} sx={{ ml: 'auto' }} />
                  </TableCell>
                  <TableCell>
                    <Skeleton width={150} />
                    <Skeleton width={110} />
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function VerificationCards({ rows, placeholderRows, onOpen }: VerificationsListProps) {
  if (!rows) {
    return (
      <Stack divider={<Divider />} aria-hidden>
        {Array.from({ length: placeholderRows }, (_, index) => (
          <Box key={index} sx={{ px: 2, py: 1.5 }}>
            <Skeleton width="70%" />
            <Skeleton width="40%" />
            <Skeleton width="55%" />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <List disablePadding aria-label="Verifications">
      {rows.map((verification, index) => (
        <ListItem key={verification.id} disablePadding divider={index < rows.length - 1}>
          <ListItemButton
            onClick={() => onOpen(verification)}
            sx={{ px: 2, py: 1.5, borderRadius: 0 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                  {verification.title}
                </Typography>
                <VerificationStatusChip status={verification.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary" noWrap>
                {verification.holder_name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                Issued {formatCalendarDate(verification.issue_date)} · {verification.scan_count}{' '}
                {verification.scan_count === 1 ? 'scan' : 'scans'}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" noWrap>
                Created by {authorName(verification.created_by)}
              </Typography>
            </Box>
            <ChevronRightOutlined
              fontSize="small"
              sx={{ ml: 1, color: 'action.active', alignSelf: 'center' }}
              aria-hidden
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
