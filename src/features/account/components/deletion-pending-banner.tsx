// Shown above every signed-in screen while an owner's deleted account waits out its grace period: signing in
// during it offers to cancel.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

import { useAppSelector } from '@/app/hooks';
import { failureDetail } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';

import { useRestoreAccountMutation } from '../api/deletion-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

// Read from the session (the profile loaded at sign-in), so no screen pays for a second profile request.
export function DeletionPendingBanner() {
  const deleteAfter = useAppSelector((state) => state.session.deleteAfter);
  const [restore, { isLoading }] = useRestoreAccountMutation();
  if (!deleteAfter) return null;

  async function cancelDeletion() {
    const result = await restore();
    notify(
      result.error
        ? {
            severity: 'error',
            summary: 'The deletion could not be cancelled',
            detail: failureDetail(result.error as FetchBaseQueryError, 'Try again.'),
          }
        : { severity: 'success', summary: 'Deletion cancelled', detail: 'Your account stays.' },
    );
  }

  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{
        mb: 3,
        bgcolor: 'background.paper',
        alignItems: { sm: 'center' },
        '& .MuiAlert-message': { flex: 1 },
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <span>Your account will be deleted on {formatDateTime(deleteAfter)}.</span>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          loading={isLoading}
          onClick={() => void cancelDeletion()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Cancel deletion
        </Button>
      </Stack>
    </Alert>
  );
}
