// The drawer's building blocks: a titled section, a list of labelled facts, and a hash one can copy.
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

export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.25 },
      }}
    >
      {children}
    </Box>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ pt: { xs: 1, sm: 0 } }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}
      >
        {children}
      </Typography>
    </>
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
