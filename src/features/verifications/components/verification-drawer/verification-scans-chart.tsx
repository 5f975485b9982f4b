// One verification's scans per day over the last 30 days, in the drawer's Scans section.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

import { useGetScanAnalyticsQuery } from '../../api/scan-analytics-api';
import { LazyScansChart } from '../scan-analytics/lazy-scans-chart';
import { formatCount } from '../scan-analytics/scan-labels';

const DAYS = 30;

export function VerificationScansChart({ verificationId }: { verificationId: string }) {
  const { data, isLoading, isError, refetch } = useGetScanAnalyticsQuery({
    days: DAYS,
    verification_id: verificationId,
  });
  if (isLoading) {
    return (
      <Skeleton
        variant="rounded"
        height={160}
        role="progressbar"
        aria-label="Loading the scan chart"
      />
    );
  }
  if (isError || !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        The scan chart could not be loaded.
      </Alert>
    );
  }
  return (
    <div>
      <Typography variant="caption" color="text.secondary">
        {formatCount(data.total, 'scan', 'scans')} in the last {DAYS} days
      </Typography>
      <LazyScansChart
        days={data.days}
        height={160}
        label={`Scans per day of this code: ${formatCount(data.total, 'scan', 'scans')} in the last ${DAYS} days`}
      />
    </div>
  );
}
