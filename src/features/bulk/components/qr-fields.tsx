// Where the QR code goes on every document: which pages, which corner, how big. (The single create screen also
// offers a custom spot dragged on its preview; documents of a zip differ, so a corner is the rule here.)
import NorthEastOutlined from '@mui/icons-material/NorthEastOutlined';
import NorthWestOutlined from '@mui/icons-material/NorthWestOutlined';
import SouthEastOutlined from '@mui/icons-material/SouthEastOutlined';
import SouthWestOutlined from '@mui/icons-material/SouthWestOutlined';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useField } from 'react-final-form';

import { qrSizeCaption, qrSizeMinimumMm } from '@/lib/sealed-qr';
import {
  VERIFICATION_LIMITS,
  type QrCorner,
  type QrPages,
  type QrPlacement,
} from '@common/verifications';

import type { SvgIconComponent } from '@mui/icons-material';

const PAGE_CHOICES: { value: QrPages; label: string }[] = [
  { value: 'first', label: 'First' },
  { value: 'last', label: 'Last' },
  { value: 'every', label: 'Every' },
];

const CORNERS: { value: QrCorner; label: string; icon: SvgIconComponent }[] = [
  { value: 'top-left', label: 'Top left', icon: NorthWestOutlined },
  { value: 'top-right', label: 'Top right', icon: NorthEastOutlined },
  { value: 'bottom-left', label: 'Bottom left', icon: SouthWestOutlined },
  { value: 'bottom-right', label: 'Bottom right', icon: SouthEastOutlined },
];

const { qr_size_max_mm: MAX_MM } = VERIFICATION_LIMITS;

interface QrFieldsProps {
  /** The chosen template seals its codes: the size starts at the sealed minimum. */
  isSealed?: boolean;
  disabled?: boolean;
}

export function QrFields({ isSealed = false, disabled = false }: QrFieldsProps) {
  const minSizeMm = qrSizeMinimumMm(isSealed);
  const { input } = useField<QrPlacement>('qr', { subscription: { value: true } });
  const qr = input.value;
  const pagesLabelId = useId();
  const cornerLabelId = useId();
  const sizeLabelId = useId();
  const change = (changes: Partial<QrPlacement>) => input.onChange({ ...qr, ...changes });
  const corner = CORNERS.find(({ value }) => value === qr.position);

  return (
    <Stack spacing={3}>
      <Box>
        <FormLabel id={pagesLabelId} sx={{ display: 'block', mb: 1 }}>
          Pages
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={qr.pages}
          onChange={(_event, pages: QrPages | null) => pages && change({ pages })}
          aria-labelledby={pagesLabelId}
          disabled={disabled}
          sx={{ flexWrap: 'wrap' }}
        >
          {PAGE_CHOICES.map(({ value, label }) => (
            <ToggleButton key={value} value={value} sx={{ px: { xs: 1.5, sm: 2 } }}>
              {label}
              {/* 'First page' from sm up; on a phone the group's label 'Pages' says it. */}
              <Box
                component="span"
                sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'pre' }}
              >
                {' page'}
              </Box>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box>
        <FormLabel id={cornerLabelId} sx={{ display: 'block', mb: 1 }}>
          Corner
        </FormLabel>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={qr.position}
            onChange={(_event, position: QrCorner | null) =>
              position && change({ position, x: undefined, y: undefined })
            }
            aria-labelledby={cornerLabelId}
            disabled={disabled}
          >
            {CORNERS.map(({ value, label, icon: Icon }) => (
              <Tooltip key={value} title={label}>
                <ToggleButton value={value} aria-label={label}>
                  <Icon fontSize="small" />
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {corner?.label ?? 'Custom'}
          </Typography>
        </Stack>
      </Box>
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <FormLabel id={sizeLabelId}>Size</FormLabel>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {qr.size_mm} mm
          </Typography>
        </Stack>
        <Box sx={{ px: 1 }}>
          <Slider
            value={qr.size_mm}
            min={minSizeMm}
            max={MAX_MM}
            step={1}
            onChange={(_event, value) => change({ size_mm: value as number })}
            aria-labelledby={sizeLabelId}
            getAriaValueText={(value) => `${value} mm`}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => `${value} mm`}
            disabled={disabled}
          />
        </Box>
        <Typography variant="caption" color="text.secondary">
          {qrSizeCaption(isSealed)}
        </Typography>
      </Box>
    </Stack>
  );
}
