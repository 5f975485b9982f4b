import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import { PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL } from '@/config/paths';

import type { SxProps, Theme } from '@mui/material/styles';

/** Terms of service and privacy policy, opened in a new tab so no work is lost. */
export function LegalLinks({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={[{ flexWrap: 'wrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Link
        href={TERMS_OF_SERVICE_URL}
        target="_blank"
        rel="noopener"
        variant="caption"
        color="text.secondary"
      >
        Terms of Service
      </Link>
      <Link
        href={PRIVACY_POLICY_URL}
        target="_blank"
        rel="noopener"
        variant="caption"
        color="text.secondary"
      >
        Privacy Policy
      </Link>
    </Stack>
  );
}
