// Asks before an operation is deleted: its files and result go, the verifications it made stay.
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useDeleteBulkOperationMutation, type BulkOperation } from '../api/bulk-api';
import { formatCount } from '../bulk-status';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface DeleteBulkOperationDialogProps {
  operation: BulkOperation;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteBulkOperationDialog({
  operation,
  open,
  onClose,
  onDeleted,
}: DeleteBulkOperationDialogProps) {
  const [deleteOperation, { isLoading }] = useDeleteBulkOperationMutation();
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    const result = await deleteOperation(operation.id);
    if (result.error) {
      setError(
        failureMessage(
          result.error as FetchBaseQueryError,
          'The bulk operation could not be deleted. Please try again.',
        ),
      );
      return;
    }
    notify({
      severity: 'success',
      summary: 'Bulk operation deleted',
      detail: `"${operation.name}" and its files are gone.`,
    });
    onDeleted();
  }

  const made = operation.succeeded;
  return (
    <ConfirmDialog
      id="delete-bulk-operation"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      error={error}
      title="Delete this bulk operation?"
      description={
        <>
          &ldquo;{operation.name}&rdquo;, its uploaded sheet and documents, its result and its
          report are removed.{' '}
          {made > 0
            ? `The ${formatCount(made)} verification${made === 1 ? '' : 's'} it made stay${made === 1 ? 's' : ''} valid.`
            : 'It made no verifications.'}
        </>
      }
      actions={
        <DestructiveActions
          confirmLabel="Delete"
          onConfirm={() => void confirm()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
