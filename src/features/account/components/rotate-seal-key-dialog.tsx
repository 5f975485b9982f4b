// Asks before the account's seal key is replaced, saying that codes sealed so far keep verifying.
import Button from '@mui/material/Button';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { failureDetail } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useRotateSealKeyMutation } from '../api/seal-keys-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export const ROTATE_TEXT =
  'New sealed QR codes will be signed with a new key. Codes sealed with the current key keep verifying everywhere: it is retired, not revoked. Rotate as a routine, or when someone who could use your account leaves.';

export function RotateSealKeyDialog({ onClose }: { onClose: () => void }) {
  const [rotate, { isLoading, error }] = useRotateSealKeyMutation();

  async function confirm() {
    const result = await rotate();
    if (result.error) return;
    notify({
      severity: 'success',
      summary: 'Seal key rotated',
      detail: 'New seals use the new key.',
    });
    onClose();
  }

  return (
    <ConfirmDialog
      id="rotate-seal-key"
      open
      onClose={onClose}
      title="Rotate your seal key?"
      description={ROTATE_TEXT}
      error={error ? failureDetail(error as FetchBaseQueryError, 'Try again.') : null}
      isBusy={isLoading}
      actions={
        <>
          <Button onClick={onClose} color="inherit" disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void confirm()} loading={isLoading}>
            Rotate key
          </Button>
        </>
      }
    />
  );
}
