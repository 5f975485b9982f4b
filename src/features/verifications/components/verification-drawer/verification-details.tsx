// A loaded verification in the drawer: its head, one section after another, and the revoke and delete dialogs.
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';

import { DeleteVerificationDialog } from '../delete-verification-dialog';
import { RevokeVerificationDialog } from '../revoke-verification-dialog';

import { AuthorshipSection } from './authorship-section';
import { DetailsSection } from './details-section';
import { DrawerHeader } from './drawer-header';
import { FilesSection } from './files-section';
import { QrCodeSection } from './qr-code-section';
import { ScansSection } from './scans-section';
import { StatusNotice } from './status-notice';
import { UnusualActivityNotice } from './unusual-activity-notice';

import type { Verification } from '../../api/verifications-api';

interface VerificationDetailsProps {
  verification: Verification;
  closeButton: ReactNode;
  onDeleted: () => void;
  onOpenVerification: (id: string) => void;
}

export function VerificationDetails({
  verification,
  closeButton,
  onDeleted,
  onOpenVerification,
}: VerificationDetailsProps) {
  const [dialog, setDialog] = useState<'revoke' | 'delete' | null>(null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <DrawerHeader
        verification={verification}
        closeButton={closeButton}
        onRevoke={() => setDialog('revoke')}
        onDelete={() => setDialog('delete')}
      />
      <Divider />

      <Stack spacing={3} sx={{ p: 3 }} divider={<Divider flexItem />}>
        {(verification.status === 'revoked' ||
          (verification.status === 'expired' && verification.expiry_date)) && (
          <StatusNotice verification={verification} onOpenVerification={onOpenVerification} />
        )}
        {verification.unusual_activity.flagged && (
          <UnusualActivityNotice verification={verification} />
        )}
        <DetailsSection verification={verification} />
        <QrCodeSection verification={verification} />
        <FilesSection verification={verification} />
        <ScansSection verification={verification} />
        <AuthorshipSection verification={verification} />
      </Stack>

      <RevokeVerificationDialog
        verification={verification}
        open={dialog === 'revoke'}
        onClose={() => setDialog(null)}
      />
      <DeleteVerificationDialog
        verification={verification}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={() => {
          setDialog(null);
          onDeleted();
        }}
      />
    </Box>
  );
}
