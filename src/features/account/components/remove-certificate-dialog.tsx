// Asks before the organisation's own certificate is removed: PDFs signed with it stay signed; the next ones are
// signed by the service's certificate.
import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureDetail } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useRemoveSigningCertificateMutation } from '../api/document-signing-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export function RemoveCertificateDialog({ onClose }: { onClose: () => void }) {
  const [remove, { isLoading, error }] = useRemoveSigningCertificateMutation();

  async function confirm() {
    const result = await remove();
    if (result.error) return;
    notify({
      severity: 'success',
      summary: 'Certificate removed',
      detail: 'PDFs you secure from now on are signed by the service’s certificate.',
    });
    onClose();
  }

  return (
    <ConfirmDialog
      id="remove-signing-certificate"
      open
      onClose={onClose}
      title="Remove your signing certificate?"
      description="PDFs already signed with it stay signed and keep verifying. PDFs you secure from now on are signed by the service's certificate instead."
      error={error ? failureDetail(error as FetchBaseQueryError, 'Try again.') : null}
      isBusy={isLoading}
      actions={
        <DestructiveActions
          confirmLabel="Remove certificate"
          onConfirm={() => void confirm()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
