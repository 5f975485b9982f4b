// The QR code with its downloads, the public link, and where the code sits on the document.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { POSITION_LABELS } from '../../qr-preview';
import { PublicLinkField } from '../public-link-field';
import { VerificationQrDownloads } from '../verification-qr-downloads';

import { Section } from './facts';

import type { QrPages, Verification } from '../../api/verifications-api';

const PAGES_LABELS: Record<QrPages, string> = {
  first: 'the first page',
  last: 'the last page',
  every: 'every page',
};

export function QrCodeSection({ verification }: { verification: Verification }) {
  const { qr } = verification;
  return (
    <Section title="QR code">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <VerificationQrDownloads verification={verification} size={132} />
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <PublicLinkField url={verification.public_url} />
          <Typography variant="body2" color="text.secondary">
            {POSITION_LABELS[qr.position]} on {PAGES_LABELS[qr.pages]}, {qr.size_mm} mm.
          </Typography>
        </Stack>
      </Stack>
    </Section>
  );
}
