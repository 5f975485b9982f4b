// One webhook endpoint: where events go, which ones, whether it is on, its signing secret, and its deliveries
// (shown on demand).
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { failureMessage } from '@/lib/api/api-error-notification';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { MONOSPACE } from '@/theme/primitives';

import { useUpdateWebhookMutation, type Webhook } from '../api/integrations-api';

import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecret } from './webhook-secret';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export interface WebhookActions {
  /** False for a shared user with view access: no switch, edit, rotate, delete, test or redeliver. */
  canEdit: boolean;
  onEdit: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
  onRotate: (webhook: Webhook) => void;
}

interface WebhookCardProps extends WebhookActions {
  webhook: Webhook;
  /** Whether the secret is shown (kept by the section, so a rotation can reveal the new one). */
  isSecretRevealed: boolean;
  onSecretRevealChange: (isRevealed: boolean) => void;
}

function EnabledSwitch({ webhook }: { webhook: Webhook }) {
  const [update, { isLoading }] = useUpdateWebhookMutation();

  async function setEnabled(enabled: boolean) {
    const result = await update({ id: webhook.id, enabled });
    if (result.error) {
      notify({
        severity: 'error',
        summary: enabled ? 'Webhook not turned on' : 'Webhook not turned off',
        detail: failureMessage(
          result.error as FetchBaseQueryError,
          'The webhook could not be changed.',
        ),
      });
      return;
    }
    notify({
      severity: 'success',
      summary: enabled ? 'Webhook turned on' : 'Webhook turned off',
      detail: enabled
        ? `Events go to ${webhook.url} again.`
        : `No events go to ${webhook.url} until it is turned on again.`,
    });
  }

  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={
        <Switch
          checked={webhook.enabled}
          onChange={(event) => void setEnabled(event.target.checked)}
          disabled={isLoading}
          slotProps={{ input: { 'aria-label': `Send events to ${webhook.url}` } }}
        />
      }
      label={webhook.enabled ? 'On' : 'Off'}
    />
  );
}

function EnabledChip({ isEnabled }: { isEnabled: boolean }) {
  return isEnabled ? (
    <Chip
      size="small"
      variant="outlined"
      color="success"
      icon={<PlayCircleOutlined />}
      label="On"
    />
  ) : (
    <Chip size="small" variant="outlined" icon={<PauseCircleOutlined />} label="Off" />
  );
}

export function WebhookCard({
  webhook,
  canEdit,
  onEdit,
  onDelete,
  onRotate,
  isSecretRevealed,
  onSecretRevealChange,
}: WebhookCardProps) {
  const [isShowingDeliveries, setIsShowingDeliveries] = useState(false);
  const deliveriesId = useId();
  return (
    <Card variant="outlined" component="li" aria-label={webhook.url}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 1, sm: 1.5 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h3"
              component="h3"
              sx={{ fontFamily: MONOSPACE, fontSize: 15, wordBreak: 'break-all' }}
            >
              {webhook.url}
            </Typography>
            {webhook.description && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mt: 0.5, whiteSpace: 'pre-line' }}
              >
                {webhook.description}
              </Typography>
            )}
          </Box>
          {canEdit ? (
            <EnabledSwitch webhook={webhook} />
          ) : (
            <EnabledChip isEnabled={webhook.enabled} />
          )}
        </Stack>
        {!webhook.enabled && webhook.disabled_reason && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Turned off by QR Verify: {webhook.disabled_reason}
            {canEdit && ' Fix the receiver, then turn the webhook on again.'}
          </Alert>
        )}
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 0.75 }} aria-label="Events">
          {webhook.events.map((event) => (
            <Chip
              key={event}
              size="small"
              label={event}
              sx={{ fontFamily: MONOSPACE, fontSize: 12 }}
            />
          ))}
        </Stack>
        {webhook.secret && (
          <Box sx={{ mt: 2 }}>
            <WebhookSecret
              secret={webhook.secret}
              isRevealed={isSecretRevealed}
              onRevealChange={onSecretRevealChange}
              onRotate={canEdit ? () => onRotate(webhook) : undefined}
            />
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          Added {formatDateTime(webhook.created_at)}
        </Typography>
      </CardContent>
      <CardActions
        sx={{ px: { xs: 1, sm: 2 }, pb: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Button
          size="small"
          onClick={() => setIsShowingDeliveries((isShowing) => !isShowing)}
          aria-expanded={isShowingDeliveries}
          aria-controls={deliveriesId}
          endIcon={isShowingDeliveries ? <ExpandLessOutlined /> : <ExpandMoreOutlined />}
        >
          {isShowingDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {canEdit && (
          <Stack direction="row" spacing={0.5}>
            <Button
              size="small"
              startIcon={<EditOutlined />}
              onClick={() => onEdit(webhook)}
              aria-label={`Edit ${webhook.url}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => onDelete(webhook)}
              aria-label={`Delete ${webhook.url}`}
            >
              Delete
            </Button>
          </Stack>
        )}
      </CardActions>
      <Collapse in={isShowingDeliveries} id={deliveriesId} unmountOnExit>
        <Divider />
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <WebhookDeliveries webhook={webhook} canEdit={canEdit} />
        </Box>
      </Collapse>
    </Card>
  );
}
