// One breakdown of the period's scans (by device, browser or country): each value with its count and share.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { formatCount } from './scan-labels';

interface ScanBreakdownProps {
  title: string;
  counts: Record<string, number>;
  /** The name shown for a key; the key itself by default. */
  labelOf?: (key: string) => string;
  /** Shown when nothing was counted. */
  emptyText: string;
  /** At most this many rows; the rest are summed as 'Others'. */
  limit?: number;
}

export function ScanBreakdown({
  title,
  counts,
  labelOf = (key) => key,
  emptyText,
  limit = 5,
}: ScanBreakdownProps) {
  const entries = Object.entries(counts).sort(([, a], [, b]) => b - a);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const shown = entries.slice(0, limit).map(([key, count]) => [labelOf(key), count] as const);
  const rest = entries.slice(limit).reduce((sum, [, count]) => sum + count, 0);
  if (rest > 0) shown.push(['Others', rest]);

  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {shown.map(([label, count]) => (
            <Box component="li" key={label}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" noWrap>
                  {label}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                  {formatCount(count, 'scan', 'scans')} · {Math.round((count / total) * 100)} %
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={(count / total) * 100}
                aria-hidden
                sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
              />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
