import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';

export type EmptyStateTone = 'neutral' | 'success' | 'error';

interface EmptyStateProps {
  icon: SvgIconComponent;
  title: string;
  description: ReactNode;
  /** A button or link that moves the user on; leave out when there is nothing sensible to do. */
  action?: ReactNode;
  /** Status tones colour the icon; the title still says the status in words. */
  tone?: EmptyStateTone;
  /** More than a sentence (a list, say), under the description and above the action. */
  children?: ReactNode;
}

const tonePalette = { neutral: 'primary', success: 'success', error: 'error' } as const;

/** A designed empty screen: what will be here and, where sensible, how to get started. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  tone = 'neutral',
  children,
}: EmptyStateProps) {
  const paletteKey = tonePalette[tone];
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 3 }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 3,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => alpha(theme.palette[paletteKey].main, 0.08),
            color: `${paletteKey}.main`,
          }}
        >
          <Icon sx={{ fontSize: 36 }} aria-hidden />
        </Box>
        <Typography variant="h2" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mx: 'auto', maxWidth: 520 }}>
          {description}
        </Typography>
        {children}
        {action && <Box sx={{ mt: 3 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
