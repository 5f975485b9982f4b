// The domain's status in a word with an icon (colour only where it is a verdict), and when it last changed.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { StatusChip, type StatusLook } from '@/components/status-chip';
import { formatDateTime } from '@/lib/dates';
import type { CustomDomainStatus } from '@common/custom-domain-schemas';

type ShownStatus = Exclude<CustomDomainStatus, 'none'>;

const STATUS_LOOK: Record<ShownStatus, StatusLook & { label: string }> = {
  pending: { label: 'Waiting for DNS', color: 'default', icon: HourglassEmptyOutlined },
  verified: { label: 'Verified', color: 'success', icon: CheckCircleOutlined },
  failed: { label: 'Not verified', color: 'error', icon: HighlightOffOutlined },
};

interface DomainStatusLineProps {
  status: ShownStatus;
  /** Said before the time, e.g. 'Last checked'; nothing is said without a time. */
  timeLabel: string;
  time: string | null;
}

export function DomainStatusLine({ status, timeLabel, time }: DomainStatusLineProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <StatusChip {...STATUS_LOOK[status]} />
      {time && (
        <Typography variant="body2" color="text.secondary">
          {timeLabel} {formatDateTime(time)}
        </Typography>
      )}
    </Stack>
  );
}
