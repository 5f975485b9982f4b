// 'Bulk Operations': every operation with its status and live progress, downloads, and (for editors) start, cancel
// and delete. While one is checked or run, the page follows its progress stream so its bar moves.
import AddOutlined from '@mui/icons-material/AddOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { SectionHeader } from '@/components/section-header';
import { pathTo } from '@/config/routes';
import { useCanEdit } from '@/lib/session/use-access';
import { BULK_LIMITS } from '@common/bulk';

import {
  useFollowBulkOperationQuery,
  useGetBulkOperationsQuery,
  type BulkOperation,
} from '../api/bulk-api';
import { BULK_POLL_INTERVAL_MS, isInProgress } from '../bulk-status';

import { BulkModeSummary } from './bulk-mode-summary';
import { BulkOperationsList } from './bulk-operations-list';
import { DeleteBulkOperationDialog } from './delete-bulk-operation-dialog';
import { useBulkActions } from './use-bulk-actions';

const PAGE_SIZE = BULK_LIMITS.default_page_size;

// Each stream holds a connection, and a browser opens about six to a host over HTTP/1.1: past this many working
// operations the page polls the list instead, leaving connections for everything else.
const MAX_FOLLOWED = 3;

/** Keeps one operation's row current through its progress stream while it is shown. */
function FollowedOperation({ id }: { id: string }) {
  useFollowBulkOperationQuery(id);
  return null;
}

function CreateButton() {
  return (
    <Button
      component={RouterLink}
      to={pathTo('create-bulk-verification')}
      variant="contained"
      startIcon={<AddOutlined />}
    >
      Create bulk verification
    </Button>
  );
}

export function BulkOperationsScreen() {
  const canEdit = useCanEdit('bulk');
  const [page, setPage] = useState(0);
  const [isPolling, setIsPolling] = useState(false);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetBulkOperationsQuery(
    { page: page + 1, page_size: PAGE_SIZE },
    { pollingInterval: isPolling ? BULK_POLL_INTERVAL_MS : 0, skipPollingIfUnfocused: true },
  );
  const operations = data?.results ?? [];
  const activeIds = operations
    .filter((operation) => isInProgress(operation.status))
    .map((operation) => operation.id);
  const shouldPoll = activeIds.length > MAX_FOLLOWED;
  if (shouldPoll !== isPolling) setIsPolling(shouldPoll);

  const actions = useBulkActions();
  const [deleting, setDeleting] = useState<{ operation: BulkOperation; isOpen: boolean } | null>(
    null,
  );

  const closeDeleting = () => setDeleting((current) => current && { ...current, isOpen: false });

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Loading bulk operations">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  } else if (isError && !data) {
    content = (
      <LoadErrorState
        error={error}
        title="Bulk operations could not be loaded"
        onRetry={() => refetch()}
      />
    );
  } else if (data?.count === 0 && page === 0) {
    content = (
      <EmptyState
        icon={LibraryAddOutlined}
        title="No bulk operations yet"
        description={
          canEdit
            ? 'Secure hundreds or thousands of documents in one go, in either of two ways. Every document gets its QR code and verification page; progress shows here.'
            : 'Nothing has been created yet. The bulk operations of this account will appear here; they come in two kinds.'
        }
        action={
          <Stack spacing={3} sx={{ alignItems: 'center' }}>
            <BulkModeSummary />
            {canEdit && <CreateButton />}
          </Stack>
        }
      />
    );
  } else {
    content = (
      <Stack spacing={1}>
        <BulkOperationsList
          operations={operations}
          canEdit={canEdit}
          busyId={actions.startingId ?? actions.cancellingId}
          onDownload={(operation, kind) => void actions.download(operation, kind)}
          onStart={(operation) => void actions.start(operation)}
          onCancel={(operation) => void actions.cancel(operation)}
          onDelete={(operation) => setDeleting({ operation, isOpen: true })}
        />
        {(data?.count ?? 0) > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={data?.count ?? 0}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_event, next) => setPage(next)}
            disabled={isFetching}
          />
        )}
      </Stack>
    );
  }

  const isEmpty = data?.count === 0 && page === 0;
  return (
    <Stack spacing={3}>
      {!isPolling && activeIds.map((id) => <FollowedOperation key={id} id={id} />)}
      <SectionHeader
        title="Bulk operations"
        description="Documents secured from a spreadsheet, in the background."
        action={canEdit && !isEmpty && !isLoading && <CreateButton />}
      />
      {content}
      {deleting && (
        <DeleteBulkOperationDialog
          key={deleting.operation.id}
          operation={deleting.operation}
          open={deleting.isOpen}
          onClose={closeDeleting}
          onDeleted={() => {
            closeDeleting();
            // The last row of a later page is gone: show the page before rather than an empty one.
            if (page > 0 && operations.length === 1) setPage(page - 1);
          }}
        />
      )}
    </Stack>
  );
}
