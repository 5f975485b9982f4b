// A screen section's heading: its title, what it is for (and any short status line), its main action at the right.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { ReactNode } from 'react';

interface SectionHeaderProps {
  title: string;
  description: ReactNode;
  /** The heading's id, for a region labelled by it. */
  id?: string;
  action?: ReactNode;
  /** Lines under the description, such as how many seats are used. */
  children?: ReactNode;
}

export function SectionHeader({ title, description, id, action, children }: SectionHeaderProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      useFlexGap
    >
      <div>
        <Typography variant="h2" component="h2" id={id}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          {description}
        </Typography>
        {children}
      </div>
      {action}
    </Stack>
  );
}
