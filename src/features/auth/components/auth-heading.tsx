import Typography from '@mui/material/Typography';

import type { ReactNode } from 'react';

/** The heading block every public screen and step opens with. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ textAlign: 'center' }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
          {subtitle}
        </Typography>
      )}
    </>
  );
}
