// A status as a small outlined chip: always a word and an icon, so colour never carries the meaning alone.
import Chip, { type ChipProps } from '@mui/material/Chip';

import type { SvgIconComponent } from '@mui/icons-material';

/** How one status looks: its colour (a verdict's green, amber or red, otherwise neutral) and its icon. */
export interface StatusLook {
  color: ChipProps['color'];
  icon: SvgIconComponent;
}

interface StatusChipProps extends StatusLook {
  label: string;
  size?: ChipProps['size'];
  /** Bold on a white ground, for a chip laid over a coloured or busy surface. */
  isProminent?: boolean;
}

export function StatusChip({
  label,
  color,
  icon: Icon,
  size = 'small',
  isProminent,
}: StatusChipProps) {
  return (
    <Chip
      size={size}
      variant="outlined"
      color={color}
      icon={<Icon />}
      label={label}
      sx={isProminent ? { fontWeight: 600, bgcolor: 'background.paper' } : undefined}
    />
  );
}
