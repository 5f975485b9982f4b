// The window's width as the signed-in frame needs it: read on every resize, so the frame follows
// a phone turned sideways or a window dragged narrower.
import { useSyncExternalStore } from 'react';

import { theme } from '@/theme/theme';

/** Below this width (MUI's sm breakpoint) the window is a phone's: the sidebar becomes a drawer over the page. */
export const PHONE_BELOW_PX = theme.breakpoints.values.sm;

function subscribeToResize(onResize: () => void): () => void {
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}

export function useIsWindowNarrowerThan(widthPx: number): boolean {
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth < widthPx);
}

export function useIsPhoneWindow(): boolean {
  return useIsWindowNarrowerThan(PHONE_BELOW_PX);
}
