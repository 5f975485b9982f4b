// Adding a webhook endpoint and editing one share this dialog: the URL, a description and the events it gets.
import { useMemo } from 'react';

import { FormDialog } from '@/components/form/form-dialog';
import { TextInputField } from '@/components/form/text-input-field';
import { submissionErrors } from '@/lib/forms/submission-errors';
import { notify } from '@/lib/notify';
import { INTEGRATION_LIMITS } from '@common/integrations-schemas';

import {
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  type Webhook,
  type WebhookEvent,
} from '../api/integrations-api';

import { validateWebhook } from './integration-form-schemas';
import { WebhookEventsField } from './webhook-events-field';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

interface WebhookValues {
  url: string;
  description: string;
  events: WebhookEvent[];
}

const FIELDS = ['url', 'description', 'events'];

function failed(error: FetchBaseQueryError, failure: string) {
  return submissionErrors(error, {
    hasInput: (path) => FIELDS.includes(path),
    sessionEnded: 'Your session has ended. Sign in again to manage webhooks.',
    failure,
  });
}

interface WebhookDialogProps {
  open: boolean;
  onClose: () => void;
  /** The endpoint being edited; none to add one. */
  webhook?: Webhook;
}

export function WebhookDialog({ open, onClose, webhook }: WebhookDialogProps) {
  const [create] = useCreateWebhookMutation();
  const [update] = useUpdateWebhookMutation();
  // Kept stable: a new object (its events a new array) on every render would reset what the user typed.
  const initialValues = useMemo<WebhookValues>(
    () => ({
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      events: webhook?.events ?? [],
    }),
    [webhook],
  );

  async function onSubmit(values: WebhookValues) {
    const body = {
      url: values.url.trim(),
      description: (values.description ?? '').trim(),
      events: values.events,
    };
    if (webhook) {
      const result = await update({ id: webhook.id, ...body });
      if (result.error)
        return failed(result.error as FetchBaseQueryError, 'The webhook could not be saved.');
      notify({
        severity: 'success',
        summary: 'Webhook saved',
        detail: `Events go to ${body.url}.`,
      });
    } else {
      const result = await create(body);
      if (result.error)
        return failed(result.error as FetchBaseQueryError, 'The webhook could not be added.');
      notify({
        severity: 'success',
        summary: 'Webhook added',
        detail: `Events go to ${body.url}. Check their signatures with the secret shown on its card.`,
      });
    }
    onClose();
    return undefined;
  }

  return (
    <FormDialog<WebhookValues>
      open={open}
      onClose={onClose}
      title={webhook ? 'Edit webhook' : 'Add a webhook'}
      submitLabel={webhook ? 'Save' : 'Add webhook'}
      onSubmit={onSubmit}
      validate={validateWebhook}
      initialValues={initialValues}
    >
      {({ submitting }) => (
        <>
          <TextInputField
            name="url"
            label="Endpoint URL"
            type="url"
            autoComplete="off"
            autoFocus={!webhook}
            required
            spellCheck={false}
            placeholder="https://example.com/webhooks/qr-verify"
            helperText="Where each event is POSTed, signed. It must answer 2xx within 15 seconds."
            slotProps={{ htmlInput: { maxLength: INTEGRATION_LIMITS.webhook_url } }}
          />
          <TextInputField
            name="description"
            label="Description"
            multiline
            minRows={2}
            helperText="Optional: what receives these events, for whoever reads this later."
            slotProps={{ htmlInput: { maxLength: INTEGRATION_LIMITS.webhook_description } }}
          />
          <WebhookEventsField disabled={submitting} />
        </>
      )}
    </FormDialog>
  );
}
