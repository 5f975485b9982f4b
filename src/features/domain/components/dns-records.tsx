// Step 2's records: each with its type, what it is for, and the exact name and value, each with a copy button.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { CopyButton } from '@/components/copy-button';
import { MONOSPACE } from '@/theme/primitives';

import type { DnsRecord } from '../api/custom-domain-api';

const PURPOSE: Record<DnsRecord['type'], string> = {
  CNAME: 'Points your domain at our servers, so scans reach your pages.',
  TXT: 'Proves the domain is yours. It can stay after verification.',
};

function RecordPart({
  label,
  value,
  type,
}: {
  label: 'Name' | 'Value';
  value: string;
  type: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography
          component="code"
          variant="body2"
          sx={{ fontFamily: MONOSPACE, overflowWrap: 'anywhere', pt: 0.5, flex: 1, minWidth: 0 }}
        >
          {value}
        </Typography>
        <CopyButton value={value} label={`Copy ${type} ${label.toLowerCase()}`} />
      </Stack>
    </Box>
  );
}

export function DnsRecords({ records }: { records: DnsRecord[] }) {
  return (
    <Stack
      spacing={1.5}
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label="DNS records"
    >
      {records.map((record) => (
        <Box
          component="li"
          key={record.type}
          aria-label={`${record.type} record`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Chip
              size="small"
              label={record.type}
              sx={{ fontFamily: MONOSPACE, fontWeight: 600 }}
            />
            <Typography variant="body2" color="text.secondary">
              {PURPOSE[record.type]}
            </Typography>
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 1, md: 2 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
            }}
          >
            <RecordPart label="Name" value={record.name} type={record.type} />
            <RecordPart label="Value" value={record.value} type={record.type} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
