// Deleting removes the verification and its files; its QR code then verifies nothing.
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api/api-error-notification';
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
      await deleteVerification(verification).unwrap();
    } catch (error) {
      setProblem(
        failureMessage(
          error as FetchBaseQueryError,
          'The verification could not be deleted. Please try again.',
        ),
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
    <ConfirmDialog
      id="delete"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      title="Delete this verification?"
      error={problem}
      description={
        <>
          “{verification.title}” and its files will be deleted, and its QR code will no longer
          verify anything. This cannot be undone.
          {verification.status === 'active' &&
            ' To keep the record and tell people why it no longer holds, revoke it instead.'}
        </>
      }
      actions={
        <DestructiveActions
          confirmLabel="Delete"
          onConfirm={confirm}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
