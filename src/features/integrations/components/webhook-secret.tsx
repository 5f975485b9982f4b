// A webhook's signing secret: hidden until asked for, copyable, and (for editors) rotatable.
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

import { CopyButton } from '@/components/copy-button';
import { MONOSPACE } from '@/theme/primitives';

const SECRET_PREFIX = 'whsec_';
const HIDDEN = `${SECRET_PREFIX}${'•'.repeat(20)}`;

interface WebhookSecretProps {
  secret: string;
  isRevealed: boolean;
  onRevealChange: (isRevealed: boolean) => void;
  /** Absent for a user who may not change the webhook. */
  onRotate?: () => void;
}

export function WebhookSecret({
  secret,
  isRevealed,
  onRevealChange,
  onRotate,
}: WebhookSecretProps) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        Signing secret (Standard Webhooks: check each delivery’s webhook-signature with it)
      </Typography>
      {/* Named as a group: a <code> element may not carry a name of its own (ARIA 1.2). */}
      <Stack
        direction="row"
        role="group"
        aria-label={isRevealed ? 'Signing secret' : 'Signing secret, hidden'}
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
      >
        <Box
          component="code"
          sx={{
            fontFamily: MONOSPACE,
            fontSize: 13,
            wordBreak: 'break-all',
            minWidth: 0,
            mr: 0.5,
          }}
        >
          {isRevealed ? secret : HIDDEN}
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Tooltip title={isRevealed ? 'Hide' : 'Show'}>
            <IconButton
              size="small"
              aria-label={isRevealed ? 'Hide the signing secret' : 'Show the signing secret'}
              aria-pressed={isRevealed}
              onClick={() => onRevealChange(!isRevealed)}
            >
              {isRevealed ? (
                <VisibilityOffOutlined fontSize="inherit" />
              ) : (
                <VisibilityOutlined fontSize="inherit" />
              )}
            </IconButton>
          </Tooltip>
          <CopyButton value={secret} label="Copy the signing secret" />
          {onRotate && (
            <Button size="small" onClick={onRotate} sx={{ ml: 0.5 }}>
              Rotate
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
