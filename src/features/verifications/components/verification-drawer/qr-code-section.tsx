// The QR code with its downloads, the public link, where the code sits on the document, and whether it is sealed.
import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { POSITION_LABELS } from '@/components/form/qr-placement-fields';

import { PublicLinkField } from '../public-link-field';
import { VerificationQrDownloads } from '../verification-qr-downloads';

import { Section } from './facts';

import type { QrPages, Verification } from '../../api/verifications-api';

const PAGES_LABELS: Record<QrPages, string> = {
  first: 'the first page',
  last: 'the last page',
  every: 'every page',
};

/** Sealed codes only: older codes and templates with seals off have nothing to say here. */
function SealedNote() {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <GppGoodOutlined fontSize="small" color="primary" aria-hidden sx={{ mt: '1px' }} />
      <Typography variant="body2">
        <strong>Sealed.</strong> The code carries a signature our scanner checks offline; a copy on
        another site fails.
      </Typography>
    </Stack>
  );
}

export function QrCodeSection({ verification }: { verification: Verification }) {
  const { qr } = verification;
  return (
    <Section title="QR code">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <VerificationQrDownloads verification={verification} size={132} />
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <PublicLinkField verification={verification} />
          <Typography variant="body2" color="text.secondary">
            {POSITION_LABELS[qr.position]} on {PAGES_LABELS[qr.pages]}, {qr.size_mm} mm.
          </Typography>
          {verification.sealed && <SealedNote />}
        </Stack>
      </Stack>
    </Section>
  );
}
