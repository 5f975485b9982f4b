// Step 3: the domain serves the account's verification pages. Shows it, a link to look, and Remove.
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { DomainStatusLine } from './domain-status-line';

import type { CustomDomain } from '../api/custom-domain-api';

export function VerifiedDomain({ state }: { state: CustomDomain }) {
  const domain = state.domain ?? '';
  const url = `https://${domain}/`;
  return (
    <Stack spacing={2}>
      <DomainStatusLine status="verified" timeLabel="since" time={state.verified_at} />
      <Typography variant="body1">
        New QR codes open their verification page at{' '}
        <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {domain}/v/…
        </Typography>
        , and the page names the domain as yours. Codes printed before keep their address.
      </Typography>
      <div>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ overflowWrap: 'anywhere' }}
        >
          Open {domain}
          <OpenInNewOutlined
            fontSize="small"
            aria-hidden
            sx={{ ml: 0.5, verticalAlign: 'text-bottom' }}
          />
        </Link>
      </div>
      {state.cname.warning && (
        <Alert severity="warning" variant="outlined">
          {state.cname.warning}
        </Alert>
      )}
    </Stack>
  );
}
