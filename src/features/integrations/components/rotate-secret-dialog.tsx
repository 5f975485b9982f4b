// Asks before a webhook's signing secret is replaced; the old one keeps signing for a day so receivers can switch.
import Button from '@mui/material/Button';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { useConfirmedCall } from '@/lib/use-confirmed-call';

import { useUpdateWebhookMutation, type Webhook } from '../api/integrations-api';

interface RotateSecretDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  onRotated: () => void;
}

export function RotateSecretDialog({ webhook, open, onClose, onRotated }: RotateSecretDialogProps) {
  const [update, { isLoading }] = useUpdateWebhookMutation();
  const { problem, confirm } = useConfirmedCall();

  const rotate = () =>
    confirm({
      call: () => update({ id: webhook.id, rotate_secret: true }),
      failure: 'The secret could not be rotated.',
      success: {
        summary: 'Signing secret rotated',
        detail:
          'Deliveries now carry signatures from the new secret and, for 24 hours, the old one.',
      },
      onDone: onRotated,
    });

  return (
    <ConfirmDialog
      id="rotate-secret"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      error={problem}
      title="Rotate the signing secret?"
      description="A new secret signs every delivery from now on. For 24 hours the old secret signs alongside it (two signatures in webhook-signature), so your receiver keeps accepting events while you update it. After that, only the new secret signs."
      actions={
        <>
          <Button onClick={onClose} color="inherit" disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void rotate()} loading={isLoading}>
            Rotate secret
          </Button>
        </>
      }
    />
  );
}
