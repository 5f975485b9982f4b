// The account's webhook endpoints: each with its events, secret and deliveries; editors add, change and delete them.
import AddOutlined from '@mui/icons-material/AddOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { SectionHeader } from '@/components/section-header';
import { useCanEdit } from '@/lib/session/use-access';

import { useGetWebhooksQuery, type Webhook } from '../api/integrations-api';

import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { WebhookCard } from './webhook-card';
import { WebhookDialog } from './webhook-dialog';

/** Which dialog is open; `isOpen` goes false first so the dialog can animate out with its content. */
type OpenDialog =
  | { kind: 'add'; isOpen: boolean }
  | { kind: 'edit' | 'delete' | 'rotate'; webhook: Webhook; isOpen: boolean };

function AddWebhookButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={onClick}>
      Add webhook
    </Button>
  );
}

/** `isInPlan`: the account's plan includes the API; without it nothing new is made here, the list stays. */
export function WebhooksSection({ isInPlan }: { isInPlan: boolean }) {
  const canEdit = useCanEdit('integrations');
  const canCreate = canEdit && isInPlan;
  const { data, isLoading, isError, error, refetch } = useGetWebhooksQuery();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [revealedIds, setRevealedIds] = useState<ReadonlySet<string>>(new Set());
  const webhooks = data?.results ?? [];
  const close = () => setDialog((current) => current && { ...current, isOpen: false });
  const openAdd = () => setDialog({ kind: 'add', isOpen: true });

  function setRevealed(id: string, isRevealed: boolean) {
    setRevealedIds((ids) => {
      const next = new Set(ids);
      if (isRevealed) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Loading webhooks">
        {[0, 1].map((key) => (
          <Skeleton key={key} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  } else if (isError && !data) {
    content = (
      <LoadErrorState
        error={error}
        title="Webhooks could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else if (webhooks.length === 0) {
    content = (
      <EmptyState
        icon={WebhookOutlined}
        title="No webhooks yet"
        description={
          canEdit
            ? 'A webhook tells your systems the moment something happens (a verification created, revoked or scanned, a bulk operation completed) with a signed POST to a URL you choose.'
            : 'A webhook tells the account’s systems the moment something happens, with a signed POST to their URL. Webhooks added by the account’s editors appear here.'
        }
        action={canCreate && <AddWebhookButton onClick={openAdd} />}
      />
    );
  } else {
    content = (
      <Stack
        component="ul"
        spacing={2}
        sx={{ p: 0, m: 0, listStyle: 'none' }}
        aria-label="Webhooks"
      >
        {webhooks.map((webhook) => (
          <WebhookCard
            key={webhook.id}
            webhook={webhook}
            canEdit={canEdit}
            isSecretRevealed={revealedIds.has(webhook.id)}
            onSecretRevealChange={(isRevealed) => setRevealed(webhook.id, isRevealed)}
            onEdit={() => setDialog({ kind: 'edit', webhook, isOpen: true })}
            onDelete={() => setDialog({ kind: 'delete', webhook, isOpen: true })}
            onRotate={() => setDialog({ kind: 'rotate', webhook, isOpen: true })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="section" spacing={2} aria-labelledby="webhooks-title">
      <SectionHeader
        id="webhooks-title"
        title="Webhooks"
        description="Events sent to your endpoints as they happen, signed by the Standard Webhooks specification. A failed delivery is retried over about a day; once the retries are spent, the endpoint is turned off and the owner is emailed."
        action={canCreate && webhooks.length > 0 && <AddWebhookButton onClick={openAdd} />}
      />
      {content}
      {dialog?.kind === 'add' && <WebhookDialog open={dialog.isOpen} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <WebhookDialog
          key={dialog.webhook.id}
          webhook={dialog.webhook}
          open={dialog.isOpen}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteWebhookDialog
          key={dialog.webhook.id}
          webhook={dialog.webhook}
          open={dialog.isOpen}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rotate' && (
        <RotateSecretDialog
          key={dialog.webhook.id}
          webhook={dialog.webhook}
          open={dialog.isOpen}
          onClose={close}
          onRotated={() => {
            setRevealed(dialog.webhook.id, true);
            close();
          }}
        />
      )}
    </Stack>
  );
}
