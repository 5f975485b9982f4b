// 'Document signing' (the owner's): who signs the PDFs the account secures, the organisation's own certificate
// if it uploaded one (subject, issuer, validity, key, fingerprint), and uploading, replacing or removing it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { Fact, Facts } from '@/components/fact-list';
import { FormSection } from '@/components/form/form-section';
import { LoadErrorState } from '@/components/load-error-state';
import { formatDateTime } from '@/lib/dates';
import { MONOSPACE } from '@/theme/primitives';

import { useGetDocumentSigningQuery, type DocumentSigning } from '../api/document-signing-api';

import { RemoveCertificateDialog } from './remove-certificate-dialog';
import { UploadCertificateDialog } from './upload-certificate-dialog';

const TITLE = 'Document signing';
const DESCRIPTION =
  'Every PDF you secure carries a digital signature that PDF readers check. By default the service signs it in the name it can vouch for; with your organisation’s own certificate from a trusted authority, readers show your name as verified.';
const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Certificate = NonNullable<DocumentSigning['certificate']>;

function CertificateFacts({ certificate }: { certificate: Certificate }) {
  // Named as a group: a <dl> has no role that may carry a name (ARIA 1.2).
  return (
    <Box role="group" aria-label="Your signing certificate">
      <Facts labelWidth={180}>
        <Fact label="Subject">{certificate.subject}</Fact>
        <Fact label="Issued by">{certificate.issuer}</Fact>
        <Fact label="Valid">
          {formatDateTime(certificate.not_before)} to {formatDateTime(certificate.not_after)}
        </Fact>
        <Fact label="Key">{certificate.key}</Fact>
        <Fact label="SHA-256 fingerprint">
          <Box component="span" sx={{ fontFamily: MONOSPACE, overflowWrap: 'anywhere' }}>
            {certificate.sha256_fingerprint}
          </Box>
        </Fact>
        <Fact label="Uploaded">{formatDateTime(certificate.uploaded_at)}</Fact>
      </Facts>
    </Box>
  );
}

/** Expired, or ending within 30 days: what happens then, and what to do. */
function ExpiryNotice({ certificate }: { certificate: Certificate }) {
  // The time the screen opened: enough for a notice counted in days.
  const [openedAt] = useState(() => Date.now());
  const endsIn = new Date(certificate.not_after).getTime() - openedAt;
  const ends = formatDateTime(certificate.not_after);
  if (endsIn <= 0) {
    return (
      <Alert severity="warning">
        Your certificate expired on {ends}. The service’s certificate signs your PDFs until you
        upload a new one.
      </Alert>
    );
  }
  if (endsIn > EXPIRY_WARNING_DAYS * DAY_MS) return null;
  return (
    <Alert severity="info">
      Your certificate ends on {ends}. Upload its renewal before then to keep signing in your name.
    </Alert>
  );
}

function SigningState({ signing }: { signing: DocumentSigning }) {
  const [dialog, setDialog] = useState<'upload' | 'remove' | null>(null);
  const { certificate } = signing;
  return (
    <Stack spacing={2}>
      <Typography>
        PDFs you secure now are signed by <strong>{signing.signer_name}</strong>
        {signing.signer === 'issuer_certificate'
          ? ', with your organisation’s certificate.'
          : ', with the service’s certificate.'}
      </Typography>
      {certificate && <ExpiryNotice certificate={certificate} />}
      {certificate && <CertificateFacts certificate={certificate} />}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setDialog('upload')}>
          {certificate ? 'Replace certificate' : 'Upload certificate'}
        </Button>
        {certificate && (
          <Button color="error" onClick={() => setDialog('remove')}>
            Remove certificate
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Validators can trust the service’s certificate authority by adding{' '}
        <Link href={signing.service_ca_url}>its certificate</Link> to their PDF reader.
      </Typography>
      {dialog === 'upload' && <UploadCertificateDialog onClose={() => setDialog(null)} />}
      {dialog === 'remove' && <RemoveCertificateDialog onClose={() => setDialog(null)} />}
    </Stack>
  );
}

export function DocumentSigningSection() {
  const { data, isLoading, isError, error, refetch } = useGetDocumentSigningQuery();
  let content;
  if (isLoading) {
    content = (
      <Skeleton
        variant="rounded"
        height={96}
        role="progressbar"
        aria-label="Loading document signing"
      />
    );
  } else if (isError && !data) {
    content = (
      <LoadErrorState
        error={error}
        title="Document signing could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  } else if (data) {
    content = <SigningState signing={data} />;
  }
  return (
    <FormSection title={TITLE} description={DESCRIPTION}>
      {content}
    </FormSection>
  );
}
