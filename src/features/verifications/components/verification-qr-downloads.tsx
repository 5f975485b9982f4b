// The verification's QR code with its PNG and SVG downloads: the same block in the drawer and the result view.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';

import { useVerificationDownload } from './use-verification-download';
import { VerificationQrImage } from './verification-qr-image';

import type { Verification } from '../api/verifications-api';

const QR_FORMATS = [
  { kind: 'qr-png', label: 'PNG' },
  { kind: 'qr-svg', label: 'SVG' },
] as const;

interface VerificationQrDownloadsProps {
  verification: Verification;
  /** Side of the QR image in CSS pixels. */
  size: number;
  buttonVariant?: ButtonProps['variant'];
}

export function VerificationQrDownloads({
  verification,
  size,
  buttonVariant = 'text',
}: VerificationQrDownloadsProps) {
  const { start, pendingKind } = useVerificationDownload(verification);
  return (
    <Stack spacing={1.5} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
      <VerificationQrImage id={verification.id} code={verification.code} size={size} />
      <Stack direction="row" spacing={1}>
        {QR_FORMATS.map(({ kind, label }) => (
          <Button
            key={kind}
            size="small"
            variant={buttonVariant}
            startIcon={<FileDownloadOutlined />}
            loading={pendingKind === kind}
            onClick={() => start(kind)}
            aria-label={`Download QR code as ${label}`}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
