// The account's API keys: who made each and when it was last used; editors create and revoke them.
import AddOutlined from '@mui/icons-material/AddOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { SectionHeader } from '@/components/section-header';
import { useCanEdit } from '@/lib/session/use-access';

import { useGetApiKeysQuery, type ApiKey } from '../api/integrations-api';

import { ApiKeysList } from './api-keys-list';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** Which dialog is open; `isOpen` goes false first so the dialog can animate out with its content. */
type OpenDialog =
  { kind: 'create'; isOpen: boolean } | { kind: 'revoke'; apiKey: ApiKey; isOpen: boolean };

function CreateKeyButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={onClick}>
      Create API key
    </Button>
  );
}

/** `isInPlan`: the account's plan includes the API; without it nothing new is made here, the list stays. */
export function ApiKeysSection({ isInPlan }: { isInPlan: boolean }) {
  const canEdit = useCanEdit('integrations');
  const canCreate = canEdit && isInPlan;
  const { data, isLoading, isError, error, refetch } = useGetApiKeysQuery();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const keys = data?.results ?? [];
  const close = () => setDialog((current) => current && { ...current, isOpen: false });
  const openCreate = () => setDialog({ kind: 'create', isOpen: true });

  let content;
  if (isLoading) {
    content = (
      <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Loading API keys">
        {[0, 1].map((key) => (
          <Skeleton key={key} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  } else if (isError && !data) {
    content = (
      <LoadErrorState
        error={error}
        title="API keys could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else if (keys.length === 0) {
    content = (
      <EmptyState
        icon={VpnKeyOutlined}
        title="No API keys yet"
        description={
          canEdit
            ? 'An API key lets your own systems (a student information system, an HR tool, a document pipeline) secure and manage documents through the API, acting as this account.'
            : 'An API key lets the account’s own systems secure and manage documents through the API. Keys created by the account’s editors appear here.'
        }
        action={canCreate && <CreateKeyButton onClick={openCreate} />}
      />
    );
  } else {
    content = (
      <ApiKeysList
        apiKeys={keys}
        canEdit={canEdit}
        onRevoke={(apiKey) => setDialog({ kind: 'revoke', apiKey, isOpen: true })}
      />
    );
  }

  return (
    <Stack component="section" spacing={2} aria-labelledby="api-keys-title">
      <SectionHeader
        id="api-keys-title"
        title="API keys"
        description="Each key acts as the account’s owner on verifications, templates and bulk operations. Give every system its own key, so one can be revoked without stopping the others."
        action={canCreate && keys.length > 0 && <CreateKeyButton onClick={openCreate} />}
      />
      {content}
      {dialog?.kind === 'create' && <CreateApiKeyDialog open={dialog.isOpen} onClose={close} />}
      {dialog?.kind === 'revoke' && (
        <RevokeApiKeyDialog
          key={dialog.apiKey.id}
          apiKey={dialog.apiKey}
          open={dialog.isOpen}
          onClose={close}
        />
      )}
    </Stack>
  );
}
