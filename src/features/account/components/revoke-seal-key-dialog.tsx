// Asks from when a seal key stops vouching (now, or an earlier time when it may have been misused since) and says
// what follows: seals made from then on fail everywhere, offline scanners included once they sync.
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureDetail } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useRevokeSealKeyMutation, type SealKey } from '../api/seal-keys-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export const REVOKE_TEXT =
  'Seals made with this key from the time you choose fail everywhere: on the public pages, in our scanner, and in offline scanners after their next sync. Seals made before it keep verifying. This cannot be undone.';

/** A datetime-local input's value for an instant, in the browser's zone, to the minute. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Why the chosen time cannot be sent, or null. */
function timeProblem(value: string): string | null {
  const time = Date.parse(value);
  if (!value || Number.isNaN(time)) return 'Enter the date and time from which seals should fail.';
  if (time > Date.now()) return 'Choose a time that has passed, or revoke from now.';
  return null;
}

export function RevokeSealKeyDialog({
  sealKey,
  onClose,
}: {
  sealKey: SealKey;
  onClose: () => void;
}) {
  const [revoke, { isLoading, error }] = useRevokeSealKeyMutation();
  const [from, setFrom] = useState<'now' | 'time'>('now');
  const [time, setTime] = useState(() => localInputValue(new Date()));
  const [isTimeTouched, setTimeTouched] = useState(false);
  const problem = from === 'time' ? timeProblem(time) : null;

  async function confirm() {
    setTimeTouched(true);
    if (problem) return;
    // The input's local time, sent as an instant; leaving it out means now on the server's clock.
    const revokedAt = from === 'time' ? new Date(time).toISOString() : undefined;
    const result = await revoke({ kid: sealKey.kid, revoked_at: revokedAt });
    if (result.error) return;
    notify({
      severity: 'success',
      summary: 'Seal key revoked',
      detail: 'Scanners learn it when they next fetch the trust list.',
    });
    onClose();
  }

  return (
    <ConfirmDialog
      id="revoke-seal-key"
      open
      onClose={onClose}
      title={`Revoke key ${sealKey.kid}?`}
      description={
        sealKey.status === 'active'
          ? `${REVOKE_TEXT} A new key signs your codes from now on.`
          : REVOKE_TEXT
      }
      error={error ? failureDetail(error as FetchBaseQueryError, 'Try again.') : null}
      isBusy={isLoading}
      actions={
        <DestructiveActions
          confirmLabel="Revoke key"
          onConfirm={() => void confirm()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    >
      <RadioGroup
        aria-label="Revoke from"
        value={from}
        onChange={(event) => setFrom(event.target.value as 'now' | 'time')}
        sx={{ mt: 2 }}
      >
        <FormControlLabel value="now" control={<Radio />} label="From now" />
        <FormControlLabel
          value="time"
          control={<Radio />}
          label="From an earlier time (when the key may have been misused since)"
        />
      </RadioGroup>
      {from === 'time' && (
        <TextField
          type="datetime-local"
          label="Seals fail from"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          onBlur={() => setTimeTouched(true)}
          error={isTimeTouched && Boolean(problem)}
          helperText={(isTimeTouched && problem) || 'Your local time.'}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { max: localInputValue(new Date()) },
          }}
          fullWidth
          sx={{ mt: 2 }}
        />
      )}
    </ConfirmDialog>
  );
}
