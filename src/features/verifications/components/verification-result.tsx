// What the user gets once a document is secured: the files, the QR code and the public link.
import AddOutlined from '@mui/icons-material/AddOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { pathTo } from '@/config/routes';
import { formatFileSize } from '@/lib/format-file-size';

import { formatCalendarDate } from '../format';

import { PublicLinkField } from './public-link-field';
import { useVerificationDownload } from './use-verification-download';
import { VerificationQrDownloads } from './verification-qr-downloads';
import { VerificationStatusChip } from './verification-status-chip';

import type { Verification } from '../api/verifications-api';

interface VerificationResultProps {
  verification: Verification;
  onCreateAnother: () => void;
}

export function VerificationResult({ verification, onCreateAnother }: VerificationResultProps) {
  const { start, pendingKind } = useVerificationDownload(verification);
  const headingRef = useRef<HTMLDivElement>(null);

  // Focus moves to the outcome, so keyboard and screen-reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Stack spacing={3} sx={{ maxWidth: 920 }}>
      <Alert severity="success" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        <AlertTitle>Verification created</AlertTitle>“{verification.title}” is secured. Share the
        document with its QR code: anyone who scans it can check that it is genuine.
      </Alert>

      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <VerificationQrDownloads
              verification={verification}
              size={176}
              buttonVariant="outlined"
            />

            <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              <Box>
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  useFlexGap
                >
                  <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
                    {verification.title}
                  </Typography>
                  <VerificationStatusChip status={verification.status} />
                </Stack>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  {verification.holder_name} · issued {formatCalendarDate(verification.issue_date)}
                  {verification.expiry_date &&
                    ` · expires ${formatCalendarDate(verification.expiry_date)}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Code{' '}
                  <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {verification.code}
                  </Box>
                </Typography>
              </Box>

              <PublicLinkField verification={verification} />

              <Divider />

              <Box>
                <Typography variant="h3" component="h3">
                  Secured document
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
                  A PDF with the QR code stamped in, {formatFileSize(verification.secured.size)}.
                  Send or print this copy.
                </Typography>
                <Button
                  variant="contained"
                  startIcon={<FileDownloadOutlined />}
                  loading={pendingKind === 'document'}
                  onClick={() => start('document')}
                >
                  Download secured PDF
                </Button>
              </Box>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={onCreateAnother}>
          Create another
        </Button>
        <Button component={RouterLink} to={pathTo('dashboard')}>
          Go to Verifications
        </Button>
      </Stack>
    </Stack>
  );
}
