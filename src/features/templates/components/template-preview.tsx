// The live preview: the public page itself, rendered by the code the server uses, for a sample
// verification, at a desktop or a phone width.
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo } from 'react';

import { useAppSelector } from '@/app/hooks';
import { ScaledFrame } from '@/components/scaled-frame';
import { selectFullName } from '@/lib/session/session-slice';

import { renderTemplatePreview } from '../preview-page';

import type { TemplateDesign } from '../api/templates-api';

export type PreviewDevice = 'desktop' | 'phone';

export const PREVIEW_VIEWPORTS: Record<PreviewDevice, { width: number; height: number }> = {
  desktop: { width: 1024, height: 900 },
  phone: { width: 375, height: 740 },
};

/** The issuer's name the sample shows: the signed-in user's, as on their own verifications. */
export function usePreviewIssuer(): string {
  return useAppSelector(selectFullName) || 'Your organisation';
}

export function usePreviewDocument(design: TemplateDesign): string {
  const issuerName = usePreviewIssuer();
  return useMemo(
    () => renderTemplatePreview(design, { issuerName, host: window.location.host }),
    [design, issuerName],
  );
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
  const viewport = PREVIEW_VIEWPORTS[device];
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
          maxWidth: device === 'phone' ? viewport.width : undefined,
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
          width={viewport.width}
          height={viewport.height}
        />
      </Box>
    </Box>
  );
}
