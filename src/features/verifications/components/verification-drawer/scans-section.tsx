// Who scanned the code: the count, the last scan and the history by date and device.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '@/lib/dates';

import { useGetVerificationScansQuery, type Verification } from '../../api/verifications-api';

import { Section } from './facts';
import { VerificationScansChart } from './verification-scans-chart';

export function ScansSection({ verification }: { verification: Verification }) {
  return (
    <Section title="Scans">
      <Stack spacing={2}>
        <VerificationScansChart verificationId={verification.id} />
        <ScanHistory verification={verification} />
      </Stack>
    </Section>
  );
}

function ScanHistory({ verification }: { verification: Verification }) {
  const { data, isLoading, isError, refetch } = useGetVerificationScansQuery(verification.id);
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          {verification.scan_count} {verification.scan_count === 1 ? 'scan' : 'scans'}
        </Box>
        {verification.last_scanned_at && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            · last {formatDateTime(verification.last_scanned_at)}
          </Box>
        )}
      </Typography>
      {isLoading && (
        <Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading the scans" />
      )}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              Retry
            </Button>
          }
        >
          The scan history could not be loaded.
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Nobody has scanned this code yet.
        </Typography>
      )}
      {data && data.length > 0 && (
        <List
          dense
          disablePadding
          aria-label="Scan history"
          sx={{
            maxHeight: 280,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {data.map((scan, index) => (
            <ListItem key={`${scan.scanned_at}-${index}`} divider={index < data.length - 1}>
              <ListItemText
                primary={formatDateTime(scan.scanned_at)}
                secondary={scan.device || 'Unknown device'}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
