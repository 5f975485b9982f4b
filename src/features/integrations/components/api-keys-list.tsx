// The API keys as a table from sm up and as cards on phones: name, prefix, who created it, when, last use.
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime } from '@/lib/dates';
import { MONOSPACE } from '@/theme/primitives';

import type { ApiKey } from '../api/integrations-api';

interface ApiKeysListProps {
  apiKeys: ApiKey[];
  /** False for a shared user with view access: no revoke. */
  canEdit: boolean;
  onRevoke: (apiKey: ApiKey) => void;
}

function creator(apiKey: ApiKey): string {
  if (!apiKey.created_by) return 'A removed user';
  return apiKey.created_by.name || apiKey.created_by.email;
}

function lastUsed(apiKey: ApiKey): string {
  return apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'Never used';
}

/** The start of the key, so a key in a config file can be matched to its row. */
function KeyPrefix({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Box component="span" sx={{ fontFamily: MONOSPACE, fontSize: 13 }}>
      {apiKey.prefix}…
    </Box>
  );
}

function RevokeButton({
  apiKey,
  onRevoke,
}: Pick<ApiKeysListProps, 'onRevoke'> & { apiKey: ApiKey }) {
  return (
    <Tooltip title="Revoke">
      <IconButton aria-label={`Revoke ${apiKey.name}`} onClick={() => onRevoke(apiKey)}>
        <KeyOffOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function KeyCard({
  apiKey,
  canEdit,
  onRevoke,
}: Omit<ApiKeysListProps, 'apiKeys'> & { apiKey: ApiKey }) {
  return (
    <>
      <CardContent sx={{ pb: canEdit ? 1 : 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {apiKey.name}
        </Typography>
        <KeyPrefix apiKey={apiKey} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Created by {creator(apiKey)}, {formatDateTime(apiKey.created_at)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Last used: {lastUsed(apiKey)}
        </Typography>
      </CardContent>
      {canEdit && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            color="error"
            onClick={() => onRevoke(apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        </CardActions>
      )}
    </>
  );
}

export function ApiKeysList({ apiKeys, canEdit, onRevoke }: ApiKeysListProps) {
  return (
    <ResponsiveList
      label="API keys"
      items={apiKeys}
      keyOf={(apiKey) => apiKey.id}
      columns={[
        { header: 'Name', cell: (apiKey) => apiKey.name, sx: { fontWeight: 600 } },
        { header: 'Key', cell: (apiKey) => <KeyPrefix apiKey={apiKey} /> },
        { header: 'Created by', cell: creator },
        {
          header: 'Created',
          cell: (apiKey) => formatDateTime(apiKey.created_at),
          sx: { whiteSpace: 'nowrap' },
        },
        { header: 'Last used', cell: lastUsed, sx: { whiteSpace: 'nowrap' } },
        canEdit && {
          header: 'Actions',
          align: 'right',
          cell: (apiKey) => <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />,
        },
      ]}
      card={(apiKey) => <KeyCard apiKey={apiKey} canEdit={canEdit} onRevoke={onRevoke} />}
    />
  );
}
