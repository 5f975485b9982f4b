// A delivery's status as a chip: a word and an icon, coloured only where the status is a verdict.
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';

import { DELIVERY_STATUS_LABELS } from '../webhook-events';

import type { WebhookDeliveryStatus } from '../api/integrations-api';
import type { SvgIconComponent } from '@mui/icons-material';

const STATUS_LOOK: Record<
  WebhookDeliveryStatus,
  { color: ChipProps['color']; icon: SvgIconComponent }
> = {
  pending: { color: 'default', icon: HourglassEmptyOutlined },
  succeeded: { color: 'success', icon: CheckCircleOutlined },
  retrying: { color: 'warning', icon: AutorenewOutlined },
  failed: { color: 'error', icon: HighlightOffOutlined },
};

export function DeliveryStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  const { color, icon: Icon } = STATUS_LOOK[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<Icon />}
      label={DELIVERY_STATUS_LABELS[status]}
    />
  );
}
