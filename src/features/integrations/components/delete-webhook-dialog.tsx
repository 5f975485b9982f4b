// Asks before a webhook endpoint is deleted: no more events go to it and its delivery history goes with it.

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { useConfirmedCall } from '@/lib/use-confirmed-call';

import { useDeleteWebhookMutation, type Webhook } from '../api/integrations-api';

interface DeleteWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}

export function DeleteWebhookDialog({ webhook, open, onClose }: DeleteWebhookDialogProps) {
  const [deleteWebhook, { isLoading }] = useDeleteWebhookMutation();
  const { problem, confirm } = useConfirmedCall();

  const remove = () =>
    confirm({
      call: () => deleteWebhook(webhook.id),
      failure: 'The webhook could not be deleted.',
      success: {
        summary: 'Webhook deleted',
        detail: `No more events go to ${webhook.url}.`,
      },
      onDone: onClose,
    });

  return (
    <ConfirmDialog
      id="delete-webhook"
      open={open}
      onClose={onClose}
      isBusy={isLoading}
      error={problem}
      title="Delete this webhook?"
      description={`Events stop going to ${webhook.url} at once, retries still planned included, and its delivery history is deleted.`}
      actions={
        <DestructiveActions
          confirmLabel="Delete webhook"
          onConfirm={() => void remove()}
          onCancel={onClose}
          isBusy={isLoading}
        />
      }
    />
  );
}
