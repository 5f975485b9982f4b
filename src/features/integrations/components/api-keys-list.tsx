// The API keys as a table from sm up and as cards on phones: name, prefix, who created it, when, last use.
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';

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

function KeysTable({ apiKeys, canEdit, onRevoke }: ApiKeysListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Key</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            {canEdit && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {apiKeys.map((apiKey) => (
            <TableRow key={apiKey.id}>
              <TableCell sx={{ fontWeight: 600 }}>{apiKey.name}</TableCell>
              <TableCell>
                <KeyPrefix apiKey={apiKey} />
              </TableCell>
              <TableCell>{creator(apiKey)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(apiKey.created_at)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastUsed(apiKey)}</TableCell>
              {canEdit && (
                <TableCell align="right">
                  <Tooltip title="Revoke">
                    <IconButton
                      aria-label={`Revoke ${apiKey.name}`}
                      onClick={() => onRevoke(apiKey)}
                    >
                      <KeyOffOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function KeyCards({ apiKeys, canEdit, onRevoke }: ApiKeysListProps) {
  return (
    <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="API keys">
      {apiKeys.map((apiKey) => (
        <Card key={apiKey.id} variant="outlined" component="li">
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
        </Card>
      ))}
    </Stack>
  );
}

export function ApiKeysList(props: ApiKeysListProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  return isPhone ? <KeyCards {...props} /> : <KeysTable {...props} />;
}
