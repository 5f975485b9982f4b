// Where the QR code goes (the form's `qr` field): which pages, which corner or, where a preview lets the code be
// dragged, a custom spot, and how big. Bulk offers corners only: the documents of a zip differ.
import NorthEastOutlined from '@mui/icons-material/NorthEastOutlined';
import NorthWestOutlined from '@mui/icons-material/NorthWestOutlined';
import OpenWithOutlined from '@mui/icons-material/OpenWithOutlined';
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
  QR_CORNERS,
  QR_POSITIONS,
  VERIFICATION_LIMITS,
  type QrPages,
  type QrPlacement,
  type QrPosition,
} from '@common/verifications';

import type { SvgIconComponent } from '@mui/icons-material';

const PAGE_CHOICES: { value: QrPages; label: string }[] = [
  { value: 'first', label: 'First' },
  { value: 'last', label: 'Last' },
  { value: 'every', label: 'Every' },
];

export const POSITION_LABELS: Record<QrPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  custom: 'Custom',
};

const POSITION_ICONS: Record<QrPosition, SvgIconComponent> = {
  'top-left': NorthWestOutlined,
  'top-right': NorthEastOutlined,
  'bottom-left': SouthWestOutlined,
  'bottom-right': SouthEastOutlined,
  custom: OpenWithOutlined,
};

const { qr_size_min_mm: QR_SIZE_MIN_MM, qr_size_max_mm: QR_SIZE_MAX_MM } = VERIFICATION_LIMITS;
const SIZE_MARK_STEP_MM = 20;

/** The smallest size, then every 20 mm from the plain minimum up, apart enough to read (20, 40, …; 34, 60, …). */
function sizeMarks(minSizeMm: number) {
  const steps = Array.from(
    { length: Math.floor((QR_SIZE_MAX_MM - QR_SIZE_MIN_MM) / SIZE_MARK_STEP_MM) + 1 },
    (_, index) => QR_SIZE_MIN_MM + index * SIZE_MARK_STEP_MM,
  ).filter((value) => value >= minSizeMm + SIZE_MARK_STEP_MM / 2);
  return [minSizeMm, ...steps].map((value) => ({ value, label: `${value}` }));
}

interface QrPlacementFieldsProps {
  /**
   * Offers a custom spot, dragged in a preview: where the code stands now as page fractions, so switching to
   * Custom keeps it there. Without it only the corners are offered.
   */
  customSpotOf?: (qr: QrPlacement) => { x: number; y: number };
  /** Whether the chosen template seals the code, which then needs more room. */
  isSealed?: boolean;
  disabled?: boolean;
}

export function QrPlacementFields({
  customSpotOf,
  isSealed = false,
  disabled = false,
}: QrPlacementFieldsProps) {
  const minSizeMm = qrSizeMinimumMm(isSealed);
  const { input: qrInput } = useField<QrPlacement>('qr', { subscription: { value: true } });
  const qr = qrInput.value;
  const pagesLabelId = useId();
  const positionLabelId = useId();
  const sizeLabelId = useId();

  const positions: readonly QrPosition[] = customSpotOf ? QR_POSITIONS : QR_CORNERS;

  const change = (changes: Partial<QrPlacement>) => qrInput.onChange({ ...qr, ...changes });

  const choosePosition = (position: QrPosition | null) => {
    if (!position || position === qr.position) return;
    if (position === 'custom' && customSpotOf) {
      change({ position, ...customSpotOf(qr) });
      return;
    }
    change({ position, x: undefined, y: undefined });
  };

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
            // Named in full on every width: how the hidden span's leading space reaches a name differs by engine.
            <ToggleButton
              key={value}
              value={value}
              aria-label={`${label} page`}
              sx={{ px: { xs: 1.5, sm: 2 } }}
            >
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
        <FormLabel id={positionLabelId} sx={{ display: 'block', mb: 1 }}>
          {customSpotOf ? 'Position' : 'Corner'}
        </FormLabel>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={qr.position}
            onChange={(_event, position: QrPosition | null) => choosePosition(position)}
            aria-labelledby={positionLabelId}
            disabled={disabled}
          >
            {positions.map((position) => {
              const Icon = POSITION_ICONS[position];
              return (
                <Tooltip key={position} title={POSITION_LABELS[position]}>
                  <ToggleButton value={position} aria-label={POSITION_LABELS[position]}>
                    <Icon fontSize="small" />
                  </ToggleButton>
                </Tooltip>
              );
            })}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {qr.position === 'custom' && customSpotOf
              ? 'Custom: drag the code in the preview'
              : POSITION_LABELS[qr.position]}
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
            max={QR_SIZE_MAX_MM}
            step={1}
            marks={sizeMarks(minSizeMm)}
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
