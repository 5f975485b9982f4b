// Status in colour, icon and word together: green Active, red Revoked, amber Expired.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';

import { StatusChip, type StatusLook } from '@/components/status-chip';

import { STATUS_LABELS } from '../filters';

import type { VerificationStatus } from '../api/verifications-api';
import type { ChipProps } from '@mui/material/Chip';

const STATUS_LOOK: Record<VerificationStatus, StatusLook> = {
  active: { color: 'success', icon: CheckCircleOutlined },
  revoked: { color: 'error', icon: BlockOutlined },
  expired: { color: 'warning', icon: EventBusyOutlined },
};

export function VerificationStatusChip({
  status,
  size = 'small',
}: {
  status: VerificationStatus;
  size?: ChipProps['size'];
}) {
  return (
    <StatusChip label={STATUS_LABELS[status]} {...STATUS_LOOK[status]} size={size} isProminent />
  );
}
