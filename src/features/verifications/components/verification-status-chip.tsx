// Status in colour, icon and word together: green Active, red Revoked, amber Expired.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';

import { STATUS_LABELS } from '../filters';

import type { VerificationStatus } from '../api/verifications-api';
import type { SvgIconComponent } from '@mui/icons-material';

const STATUS_LOOK: Record<
  VerificationStatus,
  { color: ChipProps['color']; icon: SvgIconComponent }
> = {
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
  const { color, icon: Icon } = STATUS_LOOK[status];
  return (
    <Chip
      size={size}
      color={color}
      variant="outlined"
      icon={<Icon />}
      label={STATUS_LABELS[status]}
      sx={{ fontWeight: 600, bgcolor: 'background.paper' }}
    />
  );
}
