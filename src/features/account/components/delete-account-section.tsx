// 'Delete account' (the danger zone): what goes and when, and a dialog that asks for the email before it happens.
// Either way the user is signed out: an owner's tokens were all revoked, a shared user's with their row.
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormSection } from '@/components/form/form-section';
import { failureDetail } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { signedOut } from '@/lib/session/session-slice';

import { useDeleteAccountMutation } from '../api/deletion-api';

import type { UserProfile } from '../api/account-api';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const OWNER_TEXT =
  'Your account, your verifications and their documents, your templates and your team are deleted 14 days after you ask. Until then, signing in lets you cancel. Afterwards the public pages of your QR codes say the record was withdrawn by its issuer.';

function sharedText(profile: UserProfile): string {
  const owner = profile.owner_user?.email ?? 'the owner';
  return `This removes only you from ${owner}'s team, at once. The records you made stay in their account.`;
}

/** Signing out reloads the app at signin, which would take the toast with it: it is read first. */
export const SIGN_OUT_DELAY_MS = 3000;

function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}

function DeleteAccountDialog({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState('');
  const [deleteAccount, { isLoading, isSuccess, error }] = useDeleteAccountMutation();
  const isBusy = isLoading || isSuccess;

  async function confirm() {
    const result = await deleteAccount({ email: typed });
    if (result.error) return;
    notify({
      severity: 'success',
      summary: profile.is_shared ? 'You left the team' : 'Your account will be deleted',
      detail: profile.is_shared
        ? 'Your sign-in is deleted.'
        : `On ${formatDateTime(result.data.delete_after)}. Sign in before then to cancel.`,
    });
    // The account's tokens are revoked already: nothing is left to revoke, so no signOut() call.
    setTimeout(() => dispatch(signedOut()), SIGN_OUT_DELAY_MS);
  }

  return (
    <ConfirmDialog
      id="delete-account"
      open
      onClose={onClose}
      title="Delete your account?"
      description={profile.is_shared ? sharedText(profile) : OWNER_TEXT}
      error={error ? failureDetail(error as FetchBaseQueryError, 'Try again.') : null}
      isBusy={isBusy}
      actions={
        <>
          <Button onClick={onClose} color="inherit" disabled={isBusy}>
            Cancel
          </Button>
          {/* Only once the email is typed: the one deliberate step before the account goes. */}
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            loading={isBusy}
            disabled={!sameEmail(typed, profile.email)}
          >
            Delete account
          </Button>
        </>
      }
    >
      <TextField
        label="Your email address"
        helperText={`Type ${profile.email} to confirm.`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        fullWidth
        autoFocus
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}

export function DeleteAccountSection({ profile }: { profile: UserProfile }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <FormSection title="Delete account">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {profile.is_shared ? sharedText(profile) : OWNER_TEXT}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {isOpen && <DeleteAccountDialog profile={profile} onClose={() => setOpen(false)} />}
    </FormSection>
  );
}
