// Asks before an API key is revoked: every call made with it fails from that moment.

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { useConfirmedCall } from '@/lib/use-confirmed-call';

import { useRevokeApiKeyMutation, type ApiKey } from '../api/integrations-api';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  open: boolean;
  onClose: () => void;
}

export function RevokeApiKeyDialog({ apiKey, open, onClose }: RevokeApiKeyDialogProps) {
  const [revokeKey, { isLoading }] = useRevokeApiKeyMutation();
  const { problem, confirm } = useConfirmedCall();

  const revoke = () =>
    confirm({
      call: () => revokeKey(apiKey.id),
      failure: 'The key could not be revoked.',
      success: {
        summary: 'API key revoked',
        detail: `${apiKey.name} no longer works.`,
      },
      onDone: onClose,
    });

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
