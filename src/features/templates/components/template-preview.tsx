// The live preview: the public page itself, rendered by the code the server uses, for a sample
// verification, at a desktop or a phone width.
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';

import { ScaledFrame } from '@/components/scaled-frame';

import { usePreviewDocument, type PreviewDevice } from '../use-preview';

import type { TemplateDesign } from '../api/templates-api';
import type { Theme } from '@mui/material/styles';

/** The widths the page is laid out at: a small laptop, and the phone the page is designed for. */
export const PREVIEW_WIDTHS: Record<PreviewDevice, number> = { desktop: 1024, phone: 375 };
/** Tall enough for the whole sample page at either width; scaled down, it is never taller. */
const PREVIEW_MAX_HEIGHT = 1500;

// Beside the form the preview stays in view while the form scrolls, so it is as tall as the window
// allows (less the title bar and the panel's heading); stacked on narrow screens it is a fixed size.
const STICKY_CHROME_PX = 300;
const MIN_PREVIEW_PX = 360;
const STACKED_PREVIEW_PX = 600;

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

function usePreviewHeight(): number {
  const isBesideForm = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const windowHeight = useWindowHeight();
  return isBesideForm
    ? Math.max(MIN_PREVIEW_PX, windowHeight - STICKY_CHROME_PX)
    : STACKED_PREVIEW_PX;
}

export function PreviewDeviceToggle({
  device,
  onChange,
}: {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={device}
      onChange={(_event, next: PreviewDevice | null) => next && onChange(next)}
      aria-label="Preview width"
    >
      <ToggleButton value="desktop" sx={{ gap: 0.75, px: 1.5 }}>
        <ComputerOutlined fontSize="small" aria-hidden />
        Desktop
      </ToggleButton>
      <ToggleButton value="phone" sx={{ gap: 0.75, px: 1.5 }}>
        <SmartphoneOutlined fontSize="small" aria-hidden />
        Phone
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

export function TemplatePreview({
  design,
  device,
}: {
  design: TemplateDesign;
  device: PreviewDevice;
}) {
  const html = usePreviewDocument(design);
  const width = PREVIEW_WIDTHS[device];
  const displayHeight = usePreviewHeight();
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.default',
        // A phone is drawn narrower than the panel, centred on a grey ground.
        ...(device === 'phone' && { py: 2 }),
      }}
    >
      <Box
        sx={{
          mx: 'auto',
          maxWidth: device === 'phone' ? width : undefined,
          ...(device === 'phone' && {
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
            boxShadow: 1,
          }),
        }}
      >
        <ScaledFrame
          srcDoc={html}
          title={`Preview of the public page (${device})`}
          width={width}
          height={PREVIEW_MAX_HEIGHT}
          displayHeight={device === 'phone' ? displayHeight - 34 : displayHeight}
        />
      </Box>
    </Box>
  );
}
