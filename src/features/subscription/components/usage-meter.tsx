// One counted limit against what is used: a bar that turns amber from 80 % and red at 100 %, said in words too.
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { formatCount, usageLevel, usagePercent, type UsageLevel } from '../format';

const BAR_COLOR: Record<UsageLevel, 'primary' | 'warning' | 'error'> = {
  normal: 'primary',
  warning: 'warning',
  full: 'error',
};

interface UsageMeterProps {
  label: string;
  used: number;
  /** null: unlimited. */
  limit: number | null;
  /** A line under the bar, e.g. when the count starts again. */
  note?: string;
}

function LevelNote({ level }: { level: UsageLevel }) {
  if (level === 'normal') return null;
  const isFull = level === 'full';
  const Icon = isFull ? ErrorOutlineOutlined : WarningAmberOutlined;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: isFull ? 'error.main' : 'warning.dark' }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden />
      <Typography variant="caption" sx={{ fontWeight: 600 }}>
        {isFull ? 'Limit reached' : 'Almost at your limit'}
      </Typography>
    </Stack>
  );
}

export function UsageMeter({ label, used, limit, note }: UsageMeterProps) {
  const labelId = useId();
  const level = limit === null ? 'normal' : usageLevel(used, limit);
  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}
        useFlexGap
      >
        <Typography id={labelId} variant="subtitle2" component="h4">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {limit === null
            ? `${formatCount(used)} used · Unlimited`
            : `${formatCount(used)} of ${formatCount(limit)}`}
        </Typography>
      </Stack>
      {limit !== null && (
        <LinearProgress
          variant="determinate"
          value={usagePercent(used, limit)}
          color={BAR_COLOR[level]}
          aria-labelledby={labelId}
          sx={{ height: 8, borderRadius: 4 }}
        />
      )}
      {(note || level !== 'normal') && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
          useFlexGap
        >
          <LevelNote level={level} />
          {note && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              {note}
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}
