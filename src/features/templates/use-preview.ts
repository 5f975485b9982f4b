// The live preview's document: the public page rendered for a sample verification of the signed-in issuer, and
// the width a screen starts the preview at.
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';

import { useAppSelector } from '@/app/hooks';
import { selectFullName } from '@/lib/session/session-slice';

import { renderTemplatePreview } from './preview-page';

import type { TemplateDesign } from './api/templates-api';
import type { Theme } from '@mui/material/styles';

export type PreviewDevice = 'desktop' | 'phone';

/** Phones start with the phone preview: a desktop page scaled to a phone's width is unreadable. */
export function useInitialPreviewDevice(): PreviewDevice {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return isPhone ? 'phone' : 'desktop';
}

/** The issuer's name the sample shows: the signed-in user's, as on their own verifications. */
function usePreviewIssuer(): string {
  return useAppSelector(selectFullName) || 'Your organisation';
}

export function usePreviewDocument(design: TemplateDesign): string {
  const issuerName = usePreviewIssuer();
  return useMemo(
    () => renderTemplatePreview(design, { issuerName, host: window.location.host }),
    [design, issuerName],
  );
}
