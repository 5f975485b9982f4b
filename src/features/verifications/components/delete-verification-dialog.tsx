// Deleting removes the verification and its files; its QR code then verifies nothing.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';

import { findServerMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useDeleteVerificationMutation, type Verification } from '../api/verifications-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface DeleteVerificationDialogProps {
  verification: Verification;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteVerificationDialog({
  verification,
  open,
  onClose,
  onDeleted,
}: DeleteVerificationDialogProps) {
  const [deleteVerification, { isLoading }] = useDeleteVerificationMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setProblem(null);
    try {
      await deleteVerification(verification.id).unwrap();
    } catch (error) {
      const failure = error as FetchBaseQueryError;
      setProblem(
        (failure.status === 'FETCH_ERROR'
          ? 'Could not connect to server. Check connection and try again.'
          : findServerMessage(failure.data)) ??
          'The verification could not be deleted. Please try again.',
      );
      return;
    }
    notify({
      severity: 'success',
      summary: 'Verification deleted',
      detail: `“${verification.title}” and its files are gone.`,
      lifetime: 5000,
    });
    onDeleted();
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="delete-title"
      aria-describedby="delete-description"
    >
      <DialogTitle id="delete-title" sx={{ fontSize: '1.125rem', pb: 1 }}>
        Delete this verification?
      </DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <DialogContentText id="delete-description">
          “{verification.title}” and its files will be deleted, and its QR code will no longer
          verify anything. This cannot be undone.
          {verification.status === 'active' &&
            ' To keep the record and tell people why it no longer holds, revoke it instead.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={isLoading}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
