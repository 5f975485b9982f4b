// Labelled facts as a description list (<dl>): the verification drawer's details, a certificate's fields.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { ReactNode } from 'react';

/** A description list: a label column beside the values, stacked on a phone. */
export function Facts({
  children,
  labelWidth = 140,
}: {
  children: ReactNode;
  /** Of the label column from the sm breakpoint, in px. */
  labelWidth?: number;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `${labelWidth}px 1fr` },
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
