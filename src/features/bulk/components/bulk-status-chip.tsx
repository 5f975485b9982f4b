// An operation's status as a chip: a word and an icon, coloured only where the status is a verdict.
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PlayCircleOutlineOutlined from '@mui/icons-material/PlayCircleOutlineOutlined';

import { StatusChip, type StatusLook } from '@/components/status-chip';
import type { BulkStatus } from '@common/bulk';

import { STATUS_LABELS } from '../bulk-status';

const STATUS_LOOK: Record<BulkStatus, StatusLook> = {
  validating: { color: 'default', icon: HourglassEmptyOutlined },
  ready: { color: 'primary', icon: PlayCircleOutlineOutlined },
  invalid: { color: 'error', icon: ErrorOutlineOutlined },
  running: { color: 'primary', icon: AutorenewOutlined },
  completed: { color: 'success', icon: CheckCircleOutlined },
  failed: { color: 'error', icon: HighlightOffOutlined },
  cancelled: { color: 'warning', icon: BlockOutlined },
};

export function BulkStatusChip({ status }: { status: BulkStatus }) {
  return <StatusChip label={STATUS_LABELS[status]} {...STATUS_LOOK[status]} />;
}
