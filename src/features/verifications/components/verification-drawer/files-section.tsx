// The original and the secured document: names, sizes, the hashes that identify them and the secured PDF's own
// signature (docs/signing.md).
import Typography from '@mui/material/Typography';

import { Fact, Facts } from '@/components/fact-list';
import { formatDateTime } from '@/lib/dates';
import { formatFileSize } from '@/lib/format-file-size';

import { Hash, Section } from './facts';

import type { Verification } from '../../api/verifications-api';

function TimestampFact({ signature }: { signature: NonNullable<Verification['signature']> }) {
  if (signature.timestamped_at) {
    return <Fact label="Timestamp">{formatDateTime(signature.timestamped_at)}</Fact>;
  }
  return (
    <Fact label="Timestamp">
      {signature.timestamp_pending
        ? 'Pending: the time-stamping authority did not answer; it is added when it does'
        : 'None (no time-stamping authority is set)'}
    </Fact>
  );
}

export function FilesSection({ verification }: { verification: Verification }) {
  const { original, secured, signature } = verification;
  return (
    <Section title="Files">
      <Facts>
        <Fact label="Original">
          {original.file_name}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            · {formatFileSize(original.size)}
          </Typography>
        </Fact>
        <Fact label="Original SHA-256">
          <Hash value={original.sha256} label="Copy SHA-256 of the original" />
        </Fact>
        <Fact label="Secured">{formatFileSize(secured.size)} PDF</Fact>
        <Fact label="Secured SHA-256">
          <Hash value={secured.sha256} label="Copy SHA-256 of the secured document" />
        </Fact>
        {secured.earlier_sha256 && (
          <Fact label="As first signed">
            <Hash
              value={secured.earlier_sha256}
              label="Copy SHA-256 of the secured document as first signed"
            />
            <Typography variant="body2" color="text.secondary">
              Copies of it still match: the timestamp was added after it.
            </Typography>
          </Fact>
        )}
        <Fact label="Signature">
          {signature ? (
            <>
              PAdES {signature.level} by {signature.signer}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {formatDateTime(signature.signed_at)}
              </Typography>
            </>
          ) : (
            'Not signed (secured before documents were signed)'
          )}
        </Fact>
        {signature && <TimestampFact signature={signature} />}
      </Facts>
    </Section>
  );
}
