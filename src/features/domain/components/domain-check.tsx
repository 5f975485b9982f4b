// Step 2's check: Verify now, and what the last check found in words — the TXT record's state, a CNAME pointing
// elsewhere, when it ran, and how long the server keeps checking by itself.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { failureDetail } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';
import { CUSTOM_DOMAIN_LIMITS } from '@common/custom-domain-schemas';

import { useVerifyCustomDomainMutation, type CustomDomain } from '../api/custom-domain-api';

import { DomainStatusLine } from './domain-status-line';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const HOURS = CUSTOM_DOMAIN_LIMITS.pending_hours;

/** The last check's verdict on the TXT record, in words. */
function lastResult(state: CustomDomain): string {
  if (!state.last_checked_at) return 'Not checked yet. Add both records, then press Verify now.';
  return state.error ?? 'TXT record not found yet — DNS can take a few minutes.';
}

function backgroundNote(state: CustomDomain): string {
  if (state.status === 'failed')
    return `We stopped checking by ourselves after ${HOURS} hours. Check the records, then press Verify now to start again.`;
  const until = state.checking_until ? ` until ${formatDateTime(state.checking_until)}` : '';
  return `We keep checking in the background every few minutes for ${HOURS} hours${until}, and email you once it is verified.`;
}

export function DomainCheck({ state, canEdit }: { state: CustomDomain; canEdit: boolean }) {
  const [verify, { isLoading }] = useVerifyCustomDomainMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const status = state.status === 'failed' ? 'failed' : 'pending';

  async function verifyNow() {
    setProblem(null);
    const result = await verify();
    if (result.error)
      setProblem(
        failureDetail(result.error as FetchBaseQueryError, 'The records could not be checked.'),
      );
  }

  return (
    <Stack spacing={2}>
      <DomainStatusLine status={status} timeLabel="Last checked" time={state.last_checked_at} />
      <div role="status" aria-live="polite">
        <Alert severity={status === 'failed' ? 'error' : 'info'} variant="outlined">
          {isLoading ? 'Checking your DNS records…' : lastResult(state)}
        </Alert>
      </div>
      {state.cname.warning && !isLoading && (
        <Alert severity="warning" variant="outlined">
          {state.cname.warning}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {backgroundNote(state)}
      </Typography>
      {canEdit && (
        <div>
          <Button variant="contained" loading={isLoading} onClick={() => void verifyNow()}>
            Verify now
          </Button>
        </div>
      )}
    </Stack>
  );
}
