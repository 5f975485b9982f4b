// 'Seal keys': the key that signs the account's sealed QR codes (its id, when it was made, how many seals it made),
// the older keys with their status, and rotating or revoking them behind a confirmation (the owner's alone; shared
// users who may view the custom domain see the keys).
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { FormSection } from '@/components/form/form-section';
import { LoadErrorState } from '@/components/load-error-state';
import { formatDateTime } from '@/lib/dates';

import { useGetSealKeysQuery, type SealKey } from '../api/seal-keys-api';

import { RevokeSealKeyDialog } from './revoke-seal-key-dialog';
import { RotateSealKeyDialog } from './rotate-seal-key-dialog';
import { SealKeyStatusChip, sealKeyStatusNote } from './seal-key-status-chip';

const TITLE = 'Seal keys';
const DESCRIPTION =
  'Sealed QR codes carry a signature made with your key. Our scanner and the public pages check it against the keys we publish, even with no network, so a copied or altered code is caught.';

function sealCount(count: number): string {
  return count === 1 ? '1 seal' : `${count.toLocaleString('en-GB')} seals`;
}

/** One key: its id, made when, how many seals; its status; a revoke button while it still vouches. */
function SealKeyRow({ sealKey, onRevoke }: { sealKey: SealKey; onRevoke?: () => void }) {
  const note = sealKeyStatusNote(sealKey);
  return (
    <Box
      component="li"
      aria-label={`Key ${sealKey.kid}`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography
          sx={{ fontFamily: 'monospace', fontSize: '0.9375rem', overflowWrap: 'anywhere' }}
        >
          {sealKey.kid}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Created {formatDateTime(sealKey.created_at)} · {sealCount(sealKey.seal_count)}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </Box>
      <SealKeyStatusChip sealKey={sealKey} />
      {onRevoke && sealKey.status !== 'revoked' && (
        <Button
          size="small"
          color="error"
          onClick={onRevoke}
          aria-label={`Revoke key ${sealKey.kid}`}
        >
          Revoke
        </Button>
      )}
    </Box>
  );
}

function SealKeyList({ keys, canManage }: { keys: SealKey[]; canManage: boolean }) {
  const [isRotating, setRotating] = useState(false);
  const [revoking, setRevoking] = useState<SealKey | null>(null);
  const current = keys.find((key) => key.status === 'active');
  const older = keys.filter((key) => key !== current);
  return (
    <Stack spacing={2}>
      {current ? (
        <div>
          <Typography variant="overline" component="h3" color="text.secondary">
            Current key
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, '& > li:first-of-type': { borderTop: 0 } }}
          >
            <SealKeyRow
              sealKey={current}
              onRevoke={canManage ? () => setRevoking(current) : undefined}
            />
          </Box>
        </div>
      ) : (
        <Typography variant="body2">
          No key signs new codes now: a new one is made when you next secure a sealed document.
        </Typography>
      )}
      {current && canManage && (
        <Box>
          <Button variant="outlined" onClick={() => setRotating(true)}>
            Rotate key
          </Button>
        </Box>
      )}
      {older.length > 0 && (
        <div>
          <Typography variant="overline" component="h3" color="text.secondary">
            Older keys
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {older.map((key) => (
              <SealKeyRow
                key={key.kid}
                sealKey={key}
                onRevoke={canManage ? () => setRevoking(key) : undefined}
              />
            ))}
          </Box>
        </div>
      )}
      {!canManage && (
        <Typography variant="body2" color="text.secondary">
          Only the account owner can rotate or revoke keys.
        </Typography>
      )}
      {isRotating && <RotateSealKeyDialog onClose={() => setRotating(false)} />}
      {revoking && <RevokeSealKeyDialog sealKey={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}

/** canManage: rotating and revoking, which only the account owner may do. */
export function SealKeysSection({ canManage }: { canManage: boolean }) {
  const { data: keys, isLoading, isError, error, refetch } = useGetSealKeysQuery();
  let content;
  if (isLoading) {
    content = (
      <Skeleton
        variant="rounded"
        height={88}
        role="progressbar"
        aria-label="Loading your seal keys"
      />
    );
  } else if (isError && !keys) {
    content = (
      <LoadErrorState
        error={error}
        title="Your seal keys could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else if (!keys || keys.length === 0) {
    content = (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <KeyOutlined aria-hidden />
        <Typography variant="body2">
          No key yet. A key is made when you secure your first sealed document.
        </Typography>
      </Stack>
    );
  } else {
    content = <SealKeyList keys={keys} canManage={canManage} />;
  }
  return (
    <FormSection title={TITLE} description={DESCRIPTION}>
      {content}
    </FormSection>
  );
}
