// The drawer's head: title, status and code, the downloads, and revoking or deleting.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { useCanEdit } from '@/lib/session/use-access';
import { MONOSPACE } from '@/theme/primitives';

import { useVerificationDownload } from '../use-verification-download';
import { VerificationStatusChip } from '../verification-status-chip';

import { DRAWER_TITLE_ID } from './drawer-title-id';

import type { Verification } from '../../api/verifications-api';
import type { ReactNode } from 'react';

interface DrawerHeaderProps {
  verification: Verification;
  closeButton: ReactNode;
  onRevoke: () => void;
  onDelete: () => void;
}

export function DrawerHeader({ verification, closeButton, onRevoke, onDelete }: DrawerHeaderProps) {
  const { start, pendingKind } = useVerificationDownload(verification);
  // Downloads stay for everyone who may look; revoking and deleting only for those who may change.
  const canEdit = useCanEdit('verifications');
  return (
    <Box sx={{ px: 3, pt: 3, pb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={DRAWER_TITLE_ID}
            variant="h2"
            component="h2"
            sx={{ wordBreak: 'break-word' }}
          >
            {verification.title}
          </Typography>
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <VerificationStatusChip status={verification.status} />
            <Typography variant="body2" color="text.secondary">
              Code{' '}
              <Box component="span" sx={{ fontFamily: MONOSPACE, color: 'text.primary' }}>
                {verification.code}
              </Box>
            </Typography>
          </Stack>
        </Box>
        {closeButton}
      </Stack>
      <Stack
        direction="row"
        useFlexGap
        sx={{ mt: 2.5, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<FileDownloadOutlined />}
            loading={pendingKind === 'document'}
            onClick={() => start('document')}
          >
            Download secured
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<FileDownloadOutlined />}
            loading={pendingKind === 'original'}
            onClick={() => start('original')}
          >
            Download original
          </Button>
        </Stack>
        {canEdit && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {verification.status === 'active' && (
              <Button
                variant="outlined"
                size="small"
                color="error"
                startIcon={<BlockOutlined />}
                onClick={onRevoke}
              >
                Revoke
              </Button>
            )}
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineOutlined />}
              onClick={onDelete}
            >
              Delete
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
