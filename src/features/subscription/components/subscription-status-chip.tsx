// The subscription's status as a chip: a word and an icon, coloured only where the status asks for attention.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';

import type { SubscriptionStatus } from '../api/subscription-api';
import type { SvgIconComponent } from '@mui/icons-material';

const STATUS_LOOK: Record<
  SubscriptionStatus,
  { label: string; color: ChipProps['color']; icon: SvgIconComponent }
> = {
  free: { label: 'Free', color: 'default', icon: StarBorderOutlined },
  active: { label: 'Active', color: 'success', icon: CheckCircleOutlined },
  past_due: { label: 'Past due', color: 'warning', icon: WarningAmberOutlined },
  canceled: { label: 'Canceled', color: 'default', icon: DoNotDisturbOnOutlined },
};

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  const { label, color, icon: Icon } = STATUS_LOOK[status];
  return <Chip size="small" variant="outlined" color={color} icon={<Icon />} label={label} />;
}
