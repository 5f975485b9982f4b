// Why a verification no longer verifies: revoked (when, why, what replaced it) or expired.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

import { formatDateTime } from '@/lib/dates';
import { MONOSPACE } from '@/theme/primitives';

import { formatCalendarDate } from '../../format';

import type { Verification } from '../../api/verifications-api';

interface StatusNoticeProps {
  verification: Verification;
  /** Opens another verification (the one that replaced this). */
  onOpenVerification: (id: string) => void;
}

export function StatusNotice({ verification, onOpenVerification }: StatusNoticeProps) {
  const { replaced_by: replacement } = verification;
  if (verification.status === 'revoked') {
    return (
      <Alert severity="error" icon={<BlockOutlined />}>
        <AlertTitle>
          Revoked
          {verification.revoked_at ? ` on ${formatDateTime(verification.revoked_at)}` : ''}
        </AlertTitle>
        {verification.revocation_reason && <Box>Reason: {verification.revocation_reason}</Box>}
        {replacement && (
          <Box>
            Replaced by{' '}
            <Link
              component="button"
              type="button"
              onClick={() => onOpenVerification(replacement.id)}
              sx={{ fontFamily: MONOSPACE, verticalAlign: 'baseline' }}
            >
              {replacement.code}
            </Link>
          </Box>
        )}
      </Alert>
    );
  }
  if (verification.status === 'expired' && verification.expiry_date) {
    return (
      <Alert severity="warning">
        Expired on {formatCalendarDate(verification.expiry_date)}. Scanning the code shows it as
        expired.
      </Alert>
    );
  }
  return null;
}
