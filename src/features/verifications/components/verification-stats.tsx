// The dashboard's figures: how many verifications in each state, and recent scans.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

import { useGetVerificationStatsQuery, type VerificationStats } from '../api/verifications-api';

import type { SvgIconComponent } from '@mui/icons-material';

type Tone = 'primary' | 'success' | 'error' | 'warning';

const FIGURES: {
  key: keyof VerificationStats;
  label: string;
  icon: SvgIconComponent;
  tone: Tone;
}[] = [
  { key: 'total', label: 'Total', icon: DescriptionOutlined, tone: 'primary' },
  { key: 'active', label: 'Active', icon: CheckCircleOutlined, tone: 'success' },
  { key: 'revoked', label: 'Revoked', icon: BlockOutlined, tone: 'error' },
  { key: 'expired', label: 'Expired', icon: EventBusyOutlined, tone: 'warning' },
  {
    key: 'scans_last_30_days',
    label: 'Scans in 30 days',
    icon: QrCodeScannerOutlined,
    tone: 'primary',
  },
];

const numberFormat = new Intl.NumberFormat('en-GB');

export function VerificationStatsCards() {
  const { data, isLoading, isError, refetch } = useGetVerificationStatsQuery();
  return (
    <Box component="section" aria-label="Figures">
      {isError && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              Retry
            </Button>
          }
        >
          The figures could not be loaded.
        </Alert>
      )}
      <Grid container spacing={2}>
        {FIGURES.map(({ key, label, icon: Icon, tone }, index) => (
          <Grid key={key} size={{ xs: index === FIGURES.length - 1 ? 12 : 6, sm: 4, lg: 'grow' }}>
            <Card sx={{ height: '100%' }}>
              <CardContent
                sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}
              >
                <Stack direction="row" spacing={{ xs: 1, sm: 1.5 }} sx={{ alignItems: 'center' }}>
                  <Box
                    sx={(theme) => ({
                      width: { xs: 32, sm: 40 },
                      height: { xs: 32, sm: 40 },
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      flexShrink: 0,
                      color: `${tone}.main`,
                      bgcolor: alpha(theme.palette[tone].main, 0.08),
                    })}
                  >
                    <Icon fontSize="small" aria-hidden />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    {isLoading ? (
                      <Skeleton
                        width={48}
                        sx={{ fontSize: '1.5rem' }}
                        role="progressbar"
                        aria-label={`Loading ${label}`}
                      />
                    ) : (
                      <Typography variant="h1" component="p" data-testid={`stat-${key}`}>
                        {data ? numberFormat.format(data[key]) : '—'}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
