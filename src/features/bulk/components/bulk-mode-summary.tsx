// The two modes side by side, for the empty list: what each takes.
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { BULK_MODES, type BulkMode } from '@common/bulk';

import { MODE_EXPLANATIONS } from '../bulk-modes';

import type { SvgIconComponent } from '@mui/icons-material';

export const MODE_ICONS: Record<BulkMode, SvgIconComponent> = {
  documents: DescriptionOutlined,
  design: DrawOutlined,
};

export function BulkModeSummary() {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ maxWidth: 720, mx: 'auto', textAlign: 'left' }}
    >
      {BULK_MODES.map((mode) => {
        const Icon = MODE_ICONS[mode];
        return (
          <Box
            key={mode}
            sx={{
              flex: 1,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              display: 'flex',
              gap: 1.5,
            }}
          >
            <Icon color="primary" aria-hidden />
            <Box>
              <Typography variant="subtitle2" component="h3">
                {MODE_EXPLANATIONS[mode].title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {MODE_EXPLANATIONS[mode].description}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
