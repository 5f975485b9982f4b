// The dashboard ('Verifications'): figures, then every verification with search, filters, sorting
// and server-side pages; a row opens its details in a drawer.
import AddOutlined from '@mui/icons-material/AddOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { pathTo } from '@/config/routes';
import { useCanEdit } from '@/lib/session/use-access';

import {
  useGetVerificationsQuery,
  type VerificationListParams,
  type VerificationOrdering,
} from '../api/verifications-api';
import { BULK_OPERATION_PARAM, NO_FILTERS, type VerificationFilters } from '../filters';
import { useDebouncedValue } from '../use-debounced-value';

import { ScanAnalyticsSection } from './scan-analytics/scan-analytics-section';
import { VerificationStatsCards } from './verification-stats';
import { VerificationsList } from './verifications-list';
import { VerificationsToolbar } from './verifications-toolbar';

// The drawer (and its dialogs) load on the first row opened, not with the list.
const VerificationDrawer = lazy(async () => ({
  default: (await import('./verification-drawer/verification-drawer')).VerificationDrawer,
}));

export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 25, 50];

function CreateButton() {
  return (
    <Button
      component={RouterLink}
      to={pathTo('create-verification')}
      variant="contained"
      startIcon={<AddOutlined />}
    >
      Create verification
    </Button>
  );
}

export function VerificationsScreen() {
  const [filters, setFilters] = useState<VerificationFilters>(NO_FILTERS);
  const [ordering, setOrdering] = useState<VerificationOrdering>('-created_at');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [drawer, setDrawer] = useState<{ id: string | null; isOpen: boolean }>({
    id: null,
    isOpen: false,
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const bulkOperationId = searchParams.get(BULK_OPERATION_PARAM) ?? '';
  // A new operation to filter by starts at the first page, with no drawer over the list.
  const [shownBulkOperationId, setShownBulkOperationId] = useState(bulkOperationId);
  if (shownBulkOperationId !== bulkOperationId) {
    setShownBulkOperationId(bulkOperationId);
    setPage(0);
    setDrawer((current) => ({ ...current, isOpen: false }));
  }
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  // A shared user with view access looks and downloads; the server would refuse their changes anyway.
  const canEdit = useCanEdit('verifications');

  const params: VerificationListParams = {
    page: page + 1,
    page_size: pageSize,
    search: search || undefined,
    status: filters.status || undefined,
    issued_from: filters.issuedFrom || undefined,
    issued_to: filters.issuedTo || undefined,
    bulk_operation: bulkOperationId || undefined,
    ordering,
  };
  const { data, isLoading, isFetching, isError, error, refetch } = useGetVerificationsQuery(params);
  const hasFilters = Boolean(
    search || filters.status || filters.issuedFrom || filters.issuedTo || bulkOperationId,
  );
  // The operation's name comes with the verifications it made.
  const bulkOperationName = data?.results.find(
    (verification) => verification.bulk_operation?.id === bulkOperationId,
  )?.bulk_operation?.name;
  // Nothing at all yet (not merely nothing matching): invite the first verification, if the user may create it.
  const isEmpty = data?.count === 0 && !hasFilters && page === 0;

  const changeFilters = (next: VerificationFilters) => {
    setFilters(next);
    setPage(0);
  };
  const clearBulkOperation = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BULK_OPERATION_PARAM);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () => {
    changeFilters(NO_FILTERS);
    if (bulkOperationId) clearBulkOperation();
  };

  let list;
  if (isError && !data) {
    list = (
      <LoadErrorState
        error={error}
        title="Verifications could not be loaded"
        onRetry={() => refetch()}
      />
    );
  } else if (isEmpty) {
    list = (
      <EmptyState
        icon={VerifiedUserOutlined}
        title="No verifications yet"
        description={
          canEdit
            ? 'Secure your first document: upload it, and QR Verify stamps it with a QR code that anyone can scan to check it is genuine.'
            : 'Nothing has been created yet. The verifications of this account will appear here.'
        }
        action={canEdit && <CreateButton />}
      />
    );
  } else {
    list = (
      <Card sx={{ position: 'relative' }}>
        <VerificationsToolbar
          filters={filters}
          onFiltersChange={changeFilters}
          bulkOperation={
            bulkOperationId ? { id: bulkOperationId, name: bulkOperationName ?? null } : null
          }
          onBulkOperationClear={clearBulkOperation}
          ordering={ordering}
          onOrderingChange={(next) => {
            setOrdering(next);
            setPage(0);
          }}
        />
        <Divider />
        <Box sx={{ height: 4 }}>
          {isFetching && !isLoading && <LinearProgress aria-label="Updating the list" />}
        </Box>
        {data?.count === 0 ? (
          <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
            <SearchOffOutlined sx={{ fontSize: 40, color: 'action.disabled' }} aria-hidden />
            <Typography variant="h3" component="p" sx={{ mt: 1 }}>
              No verifications match
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Try other words or dates, or clear the filters.
            </Typography>
            <Button sx={{ mt: 2 }} onClick={clearFilters}>
              Clear filters
            </Button>
          </Box>
        ) : (
          <>
            <VerificationsList
              rows={isLoading ? undefined : data?.results}
              placeholderRows={5}
              ordering={ordering}
              onOrderingChange={(next) => {
                setOrdering(next);
                setPage(0);
              }}
              onOpen={(verification) => setDrawer({ id: verification.id, isOpen: true })}
            />
            <Divider />
            <TablePagination
              component="div"
              count={data?.count ?? 0}
              page={data ? page : 0}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              labelRowsPerPage="Per page"
              // On a phone the page size choice would push the page buttons off screen.
              sx={{
                '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
                  display: { xs: 'none', sm: 'flex' },
                },
              }}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </Card>
    );
  }

  return (
    <Stack spacing={3}>
      <VerificationStatsCards />
      <ScanAnalyticsSection onOpen={(id) => setDrawer({ id, isOpen: true })} />
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        useFlexGap
      >
        <Typography variant="h2" component="h2">
          Verifications
        </Typography>
        {canEdit && !isEmpty && <CreateButton />}
      </Stack>
      {list}
      {drawer.id && (
        <Suspense fallback={null}>
          <VerificationDrawer
            id={drawer.id}
            open={drawer.isOpen}
            onClose={() => setDrawer((current) => ({ ...current, isOpen: false }))}
            onOpenVerification={(id) => setDrawer({ id, isOpen: true })}
            onDeleted={() => {
              // The id stays so the drawer slides out with its content; nothing refetches a deleted one.
              setDrawer((current) => ({ ...current, isOpen: false }));
              // The last row of a later page is gone: show the page before rather than an empty one.
              if (page > 0 && data?.results.length === 1) setPage(page - 1);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
