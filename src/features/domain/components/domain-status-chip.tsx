// The domain's status in a word with an icon; colour only where it is a verdict.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';

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

export function DomainStatusChip({ status }: { status: ShownStatus }) {
  const { label, color, icon: Icon } = STATUS_LOOK[status];
  return <Chip size="small" variant="outlined" color={color} icon={<Icon />} label={label} />;
}
