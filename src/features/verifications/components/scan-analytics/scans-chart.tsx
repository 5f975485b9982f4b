// Scans per day as bars, one a day of the period (days without scans at zero).
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useContext } from 'react';

import { ChartWidthContext } from './chart-size';
import { formatDay } from './scan-labels';

import type { ScanAnalytics } from '../../api/scan-analytics-api';

interface ScansChartProps {
  days: ScanAnalytics['days'];
  /** What the chart shows, in words, for screen readers. */
  label: string;
  height?: number;
}

export function ScansChart({ days, label, height = 220 }: ScansChartProps) {
  const theme = useTheme();
  const width = useContext(ChartWidthContext);
  const hasNoScans = days.every((day) => day.scans === 0);
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        width={width}
        height={height}
        hideLegend
        skipAnimation
        grid={{ horizontal: true }}
        borderRadius={3}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        xAxis={[
          {
            scaleType: 'band',
            data: days.map((day) => day.date),
            valueFormatter: (date: string, context) =>
              formatDay(date, context.location === 'tick' ? 'short' : 'long'),
            tickLabelMinGap: 12,
            disableTicks: true,
          },
        ]}
        // With no scans at all the scale would be [0, 0], its ticks fractions cut to "0.0…": 0 to 1 instead.
        yAxis={[{ tickMinStep: 1, width: 36, disableTicks: true, ...(hasNoScans && { max: 1 }) }]}
        series={[
          { data: days.map((day) => day.scans), label: 'Scans', color: theme.palette.primary.main },
        ]}
      />
    </Box>
  );
}
