// Asks before a webhook endpoint is deleted: no more events go to it and its delivery history goes with it.
import { useState } from 'react';

import { ConfirmDialog, DestructiveActions } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';

import { useDeleteWebhookMutation, type Webhook } from '../api/integrations-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface DeleteWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}

export function DeleteWebhookDialog({ webhook, open, onClose }: DeleteWebhookDialogProps) {
  const [deleteWebhook, { isLoading }] = useDeleteWebhookMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function remove() {
    setProblem(null);
    const result = await deleteWebhook(webhook.id);
    if (result.error) {
      setProblem(
        failureMessage(result.error as FetchBaseQueryError, 'The webhook could not be deleted.'),
      );
      return;
    }
    notify({
      severity: 'success',
      summary: 'Webhook deleted',
      detail: `No more events go to ${webhook.url}.`,
    });
    onClose();
  }

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
