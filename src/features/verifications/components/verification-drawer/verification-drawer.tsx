// One verification in full, from the right: facts, files and hashes, QR code, scans and actions. Each section
// is a file of its own in this folder.
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { useGetVerificationQuery } from '../../api/verifications-api';

import { DRAWER_TITLE_ID } from './drawer-title-id';
import { VerificationDetails } from './verification-details';

interface VerificationDrawerProps {
  id: string | null;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
  /** Opens another verification (the one that replaced this). */
  onOpenVerification: (id: string) => void;
}

export function VerificationDrawer({
  id,
  open,
  onClose,
  onDeleted,
  onOpenVerification,
}: VerificationDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': DRAWER_TITLE_ID,
          sx: (theme) => ({
            width: { xs: '100%', sm: 520 },
            borderRight: 0,
            borderLeft: `1px solid ${theme.palette.divider}`,
          }),
        },
      }}
    >
      {id && (
        <DrawerContent
          id={id}
          onClose={onClose}
          onDeleted={onDeleted}
          onOpenVerification={onOpenVerification}
        />
      )}
    </Drawer>
  );
}

function DrawerContent({
  id,
  onClose,
  onDeleted,
  onOpenVerification,
}: {
  id: string;
  onClose: () => void;
  onDeleted: () => void;
  onOpenVerification: (id: string) => void;
}) {
  const { data, isLoading, isError, error, refetch } = useGetVerificationQuery(id);
  const isGone = isError && (error as { status?: unknown } | undefined)?.status === 404;

  const closeButton = (
    <IconButton aria-label="Close details" onClick={onClose} edge="end">
      <CloseOutlined />
    </IconButton>
  );

  if (!data) {
    return (
      <Box sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <Typography id={DRAWER_TITLE_ID} variant="h2" component="h2">
              {isLoading ? <Skeleton width="60%" /> : 'Verification'}
            </Typography>
          </Box>
          {closeButton}
        </Stack>
        {isLoading && (
          <Stack
            spacing={1.5}
            sx={{ mt: 3 }}
            role="progressbar"
            aria-label="Loading the verification"
          >
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        )}
        {isError && (
          <Alert
            severity={isGone ? 'warning' : 'error'}
            sx={{ mt: 3 }}
            action={
              isGone ? undefined : (
                <Button color="inherit" size="small" onClick={() => refetch()}>
                  Retry
                </Button>
              )
            }
          >
            {isGone
              ? 'This verification no longer exists.'
              : 'The verification could not be loaded.'}
          </Alert>
        )}
      </Box>
    );
  }

  return (
    <VerificationDetails
      verification={data}
      closeButton={closeButton}
      onDeleted={onDeleted}
      onOpenVerification={onOpenVerification}
    />
  );
}
