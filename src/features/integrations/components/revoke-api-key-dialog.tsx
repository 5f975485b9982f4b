// Asks before an API key is revoked: every call made with it fails from that moment.
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useRevokeApiKeyMutation, type ApiKey } from '../api/integrations-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  open: boolean;
  onClose: () => void;
}

export function RevokeApiKeyDialog({ apiKey, open, onClose }: RevokeApiKeyDialogProps) {
  const [revokeKey, { isLoading }] = useRevokeApiKeyMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function revoke() {
    setProblem(null);
    const result = await revokeKey(apiKey.id);
    if (result.error) {
      setProblem(
        failureMessage(result.error as FetchBaseQueryError, 'The key could not be revoked.'),
      );
      return;
    }
    notify({
      severity: 'success',
      summary: 'API key revoked',
      detail: `${apiKey.name} no longer works.`,
    });
    onClose();
  }

  return (
    <ConfirmDialog
      id="revoke-api-key"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      error={problem}
      title={`Revoke ${apiKey.name}?`}
      description={`Every system using the key ${apiKey.prefix}… gets 401 Unauthorized from now on. This cannot be undone; create a new key to connect again.`}
      actions={
        <DestructiveActions
          confirmLabel="Revoke key"
          onConfirm={() => void revoke()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
