// A section's heading on the integrations screen: its title, what it is for, and its main action at the right.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { ReactNode } from 'react';

interface SectionHeaderProps {
  id: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

export function SectionHeader({ id, title, description, action }: SectionHeaderProps) {
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
      </div>
      {action}
    </Stack>
  );
}
