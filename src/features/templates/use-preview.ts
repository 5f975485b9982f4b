// The live preview's document: the public page rendered for a sample verification of the account, and
// the width a screen starts the preview at.
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';

import { useAppSelector } from '@/app/hooks';
import { selectFullName, selectOwnerName } from '@/lib/session/session-slice';

import { renderTemplatePreview } from './preview-page';

import type { TemplateDesign } from './api/templates-api';
import type { Theme } from '@mui/material/styles';

export type PreviewDevice = 'desktop' | 'phone';

/** Phones start with the phone preview: a desktop page scaled to a phone's width is unreadable. */
export function useInitialPreviewDevice(): PreviewDevice {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return isPhone ? 'phone' : 'desktop';
}

/**
 * The issuer's name the sample shows: the account owner's, as the public page names them on the account's
 * verifications — the signed-in user's own for an owner, the owner's for a shared user.
 */
function usePreviewIssuer(): string {
  const fullName = useAppSelector(selectFullName);
  const ownerName = useAppSelector(selectOwnerName);
  return ownerName ?? (fullName || 'Your organisation');
}

export function usePreviewDocument(design: TemplateDesign): string {
  const issuerName = usePreviewIssuer();
  return useMemo(
    () => renderTemplatePreview(design, { issuerName, host: window.location.host }),
    [design, issuerName],
  );
}
