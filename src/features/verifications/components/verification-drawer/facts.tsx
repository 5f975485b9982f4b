// The drawer's building blocks: a titled section and a hash one can copy (its facts: components/fact-list.tsx).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { CopyButton } from '@/components/copy-button';
import { MONOSPACE } from '@/theme/primitives';

import type { ReactNode } from 'react';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Hash({ value, label }: { value: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }} component="span">
      <Box
        component="code"
        sx={{
          fontFamily: MONOSPACE,
          fontSize: 12,
          lineHeight: 1.6,
          wordBreak: 'break-all',
          flex: 1,
        }}
      >
        {value}
      </Box>
      <CopyButton value={value} label={label} />
    </Stack>
  );
}
