// Verifications whose codes show unusual activity (the copied-code signal), each with its evidence.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '@/lib/dates';

import type { ScanAnalytics } from '../../api/scan-analytics-api';

interface UnusualActivityListProps {
  unusual: ScanAnalytics['unusual'];
  onOpen: (verificationId: string) => void;
}

export function UnusualActivityList({ unusual, onOpen }: UnusualActivityListProps) {
  return (
    <section aria-label="Unusual activity">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Unusual activity
      </Typography>
      {unusual.length === 0 ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <CheckCircleOutlined fontSize="small" color="success" aria-hidden />
          <Typography variant="body2">No code shows signs of being copied.</Typography>
        </Stack>
      ) : (
        <Stack spacing={1}>
          {unusual.map((item) => (
            <Alert
              key={item.verification_id}
              severity="warning"
              icon={<ReportProblemOutlined fontSize="inherit" />}
            >
              <AlertTitle sx={{ mb: 0.25 }}>
                <Link
                  component="button"
                  type="button"
                  color="inherit"
                  onClick={() => onOpen(item.verification_id)}
                  sx={{ fontWeight: 600, textAlign: 'left', verticalAlign: 'baseline' }}
                >
                  {item.title}
                </Link>
              </AlertTitle>
              <Typography variant="body2">{item.reason}</Typography>
              <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
                Flagged {formatDateTime(item.since)}
              </Typography>
            </Alert>
          ))}
        </Stack>
      )}
    </section>
  );
}
