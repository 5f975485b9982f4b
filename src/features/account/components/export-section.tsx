// 'Download my data': what the zip holds, a button that asks for it, and the latest export's state (pending with
// a spinner, polled until it is ready; ready with where and until when the link works; failed with a retry).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { FormSection } from '@/components/form/form-section';
import { LoadErrorState } from '@/components/load-error-state';
import { failureDetail } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';

import {
  useGetLatestExportQuery,
  useRequestExportMutation,
  type AccountExport,
} from '../api/export-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export const EXPORT_POLL_INTERVAL_MS = 3000;

const DESCRIPTION =
  'A zip of everything in your account: your profile, organisation name and plan, your verifications (as JSON and as a CSV spreadsheet), your templates, and each original and secured document.';

function ExportState({ latest, email }: { latest: AccountExport; email: string }) {
  switch (latest.status) {
    case 'pending':
      return (
        <Alert severity="info" icon={<CircularProgress size={20} aria-label="Preparing" />}>
          We are preparing your data. We will email you a link when it is ready.
        </Alert>
      );
    case 'ready':
      return (
        // A long address wraps instead of being cut off on a phone.
        <Alert severity="success" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
          Link sent to {email}, valid until {formatDateTime(latest.expires_at ?? latest.created_at)}
          .
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="info">
          The link to your last export has expired. Prepare your data again for a new one.
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="error">
          Your data could not be prepared. Try again; if it fails again, contact support.
        </Alert>
      );
  }
}

export function ExportSection({ email }: { email: string }) {
  const [isPolling, setIsPolling] = useState(false);
  const {
    data,
    isLoading,
    isError,
    error: loadError,
    refetch,
  } = useGetLatestExportQuery(undefined, {
    pollingInterval: isPolling ? EXPORT_POLL_INTERVAL_MS : 0,
  });
  const [requestExport, { isLoading: isRequesting }] = useRequestExportMutation();
  const [error, setError] = useState<string | null>(null);
  const status = data?.status;
  // Polls only while the export is being prepared.
  if ((status === 'pending') !== isPolling) setIsPolling(status === 'pending');

  async function prepare() {
    setError(null);
    const result = await requestExport();
    if (result.error) {
      setError(
        failureDetail(result.error as FetchBaseQueryError, 'Your data could not be prepared.'),
      );
    }
  }

  if (isLoading) {
    return (
      <FormSection title="Download my data" description={DESCRIPTION}>
        <Skeleton
          variant="rounded"
          height={40}
          role="progressbar"
          aria-label="Loading your exports"
        />
      </FormSection>
    );
  }
  if (isError && data === undefined) {
    return (
      <FormSection title="Download my data" description={DESCRIPTION}>
        <LoadErrorState
          error={loadError}
          title="Your data exports could not be loaded"
          onRetry={() => void refetch()}
        />
      </FormSection>
    );
  }
  return (
    <FormSection title="Download my data" description={DESCRIPTION}>
      <Stack spacing={2}>
        {data && <ExportState latest={data} email={email} />}
        {error && <Alert severity="error">{error}</Alert>}
        {status !== 'pending' && (
          <Box>
            <Button variant="outlined" loading={isRequesting} onClick={() => void prepare()}>
              {status === 'failed' ? 'Try again' : 'Prepare my data'}
            </Button>
          </Box>
        )}
      </Stack>
    </FormSection>
  );
}
