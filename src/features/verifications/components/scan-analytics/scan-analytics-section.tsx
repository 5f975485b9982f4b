// The dashboard's scan analytics: scans per day for the last 30 or 90 days, device and browser breakdowns, the
// most scanned documents and the codes with unusual activity. Read from the server's daily roll-up.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { SCAN_PERIODS, useGetScanAnalyticsQuery } from '../../api/scan-analytics-api';

import { LazyScansChart } from './lazy-scans-chart';
import { ScanBreakdown } from './scan-breakdown';
import { countryLabel, deviceLabel, formatCount } from './scan-labels';
import { TopScannedList } from './top-scanned-list';
import { UnusualActivityList } from './unusual-activity-list';

interface ScanAnalyticsSectionProps {
  /** Opens a verification (from the top documents or the unusual-activity list). */
  onOpen: (verificationId: string) => void;
}

export function ScanAnalyticsSection({ onOpen }: ScanAnalyticsSectionProps) {
  const [days, setDays] = useState<number>(SCAN_PERIODS[0]);
  const { data, isLoading, isFetching, isError, refetch } = useGetScanAnalyticsQuery({ days });

  return (
    <Card component="section" aria-labelledby="scan-analytics-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Box>
            <Typography id="scan-analytics-title" variant="h3" component="h2">
              Scans
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {data
                ? `${formatCount(data.total, 'scan', 'scans')} in the last ${days} days`
                : `The last ${days} days`}
            </Typography>
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_event, next: number | null) => next && setDays(next)}
            aria-label="Period"
          >
            {SCAN_PERIODS.map((period) => (
              <ToggleButton key={period} value={period}>
                {period} days
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>

        {isError && !isFetching ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => refetch()}>
                Retry
              </Button>
            }
          >
            The scan figures could not be loaded.
          </Alert>
        ) : isLoading || !data ? (
          <Skeleton
            variant="rounded"
            height={220}
            sx={{ mt: 2 }}
            role="progressbar"
            aria-label="Loading the scans"
          />
        ) : (
          <>
            <Box sx={{ mt: 2, opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
              <LazyScansChart
                days={data.days}
                label={`Scans per day: ${formatCount(data.total, 'scan', 'scans')} in the last ${days} days`}
              />
              {data.total === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                  Nobody has scanned a code in this period. Scans appear here a few seconds after
                  someone opens a verification’s page.
                </Typography>
              )}
            </Box>
            <Divider sx={{ my: 3 }} />
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Stack spacing={3}>
                  <ScanBreakdown
                    title="Devices"
                    counts={data.by_device}
                    labelOf={deviceLabel}
                    emptyText="No scans yet."
                  />
                  <ScanBreakdown
                    title="Browsers"
                    counts={data.by_browser}
                    emptyText="No scans yet."
                  />
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Stack spacing={3}>
                  <TopScannedList top={data.top} onOpen={onOpen} />
                  <ScanBreakdown
                    title="Countries (from the browser's language)"
                    counts={data.by_country}
                    labelOf={countryLabel}
                    emptyText="No scan named a country."
                  />
                </Stack>
              </Grid>
              {/* On a phone the copied-code signal comes first, not below every breakdown. */}
              <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: -1, md: 0 } }}>
                <UnusualActivityList unusual={data.unusual} onOpen={onOpen} />
              </Grid>
            </Grid>
          </>
        )}
      </CardContent>
    </Card>
  );
}
