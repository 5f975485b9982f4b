// A titled card grouping related fields of a long form.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

import type { ReactNode } from 'react';

export function FormSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** A control at the section's top right (a toggle, a button). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.0625rem' }}>
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {description}
              </Typography>
            )}
          </Box>
          {action}
        </Box>
        <Box sx={{ mt: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}
