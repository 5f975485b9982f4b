// The domain's status in a word with an icon (colour only where it is a verdict), and when it last changed.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '@/lib/dates';
import type { CustomDomainStatus } from '@common/custom-domain-schemas';

import type { SvgIconComponent } from '@mui/icons-material';

type ShownStatus = Exclude<CustomDomainStatus, 'none'>;

const STATUS_LOOK: Record<
  ShownStatus,
  { label: string; color: ChipProps['color']; icon: SvgIconComponent }
> = {
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
  const { label, color, icon: Icon } = STATUS_LOOK[status];
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Chip size="small" variant="outlined" color={color} icon={<Icon />} label={label} />
      {time && (
        <Typography variant="body2" color="text.secondary">
          {timeLabel} {formatDateTime(time)}
        </Typography>
      )}
    </Stack>
  );
}
