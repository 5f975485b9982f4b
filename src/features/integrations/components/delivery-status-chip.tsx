// A delivery's status as a chip: a word and an icon, coloured only where the status is a verdict.
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';

import { StatusChip, type StatusLook } from '@/components/status-chip';

import { DELIVERY_STATUS_LABELS } from '../webhook-events';

import type { WebhookDeliveryStatus } from '../api/integrations-api';

const STATUS_LOOK: Record<WebhookDeliveryStatus, StatusLook> = {
  pending: { color: 'default', icon: HourglassEmptyOutlined },
  succeeded: { color: 'success', icon: CheckCircleOutlined },
  retrying: { color: 'warning', icon: AutorenewOutlined },
  failed: { color: 'error', icon: HighlightOffOutlined },
};

export function DeliveryStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  return <StatusChip label={DELIVERY_STATUS_LABELS[status]} {...STATUS_LOOK[status]} />;
}
