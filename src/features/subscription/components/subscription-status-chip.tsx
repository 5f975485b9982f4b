// The subscription's status as a chip: a word and an icon, coloured only where the status asks for attention.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';

import { StatusChip, type StatusLook } from '@/components/status-chip';

import type { SubscriptionStatus } from '../api/subscription-api';

const STATUS_LOOK: Record<SubscriptionStatus, StatusLook & { label: string }> = {
  free: { label: 'Free', color: 'default', icon: StarBorderOutlined },
  active: { label: 'Active', color: 'success', icon: CheckCircleOutlined },
  past_due: { label: 'Past due', color: 'warning', icon: WarningAmberOutlined },
  canceled: { label: 'Canceled', color: 'default', icon: DoNotDisturbOnOutlined },
};

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  return <StatusChip {...STATUS_LOOK[status]} />;
}
