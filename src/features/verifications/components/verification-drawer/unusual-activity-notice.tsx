// The copied-code warning, for a flagged verification: its code shows unusual activity, with the evidence and what
// to do.
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

import { formatDateTime } from '@/lib/dates';

import type { Verification } from '../../api/verifications-api';

export function UnusualActivityNotice({ verification }: { verification: Verification }) {
  const { unusual_activity: unusual } = verification;
  return (
    <Alert severity="warning" icon={<ReportProblemOutlined />}>
      <AlertTitle>
        Unusual activity{unusual.since ? ` since ${formatDateTime(unusual.since)}` : ''}
      </AlertTitle>
      {unusual.reason && <Box>{unusual.reason}</Box>}
      <Box sx={{ mt: 0.5 }}>
        The code may have been copied onto other documents.
        {verification.status === 'active' && ' If it was, revoke this verification.'}
      </Box>
    </Alert>
  );
}
