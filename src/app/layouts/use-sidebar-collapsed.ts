import { useState } from 'react';

import { useIsWindowNarrowerThan } from './use-window-width';

/** Below this window width the sidebar starts collapsed, leaving the content the room. */
export const SIDEBAR_COLLAPSE_BELOW_PX = 768;

/**
 * Collapsed on narrow windows, expanded on wide ones; the user may toggle, and crossing the
 * threshold while resizing hands control back to the window width.
 */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const isNarrow = useIsWindowNarrowerThan(SIDEBAR_COLLAPSE_BELOW_PX);
  const [choice, setChoice] = useState({ madeWhenNarrow: isNarrow, collapsed: isNarrow });
  const collapsed = choice.madeWhenNarrow === isNarrow ? choice.collapsed : isNarrow;
  const toggle = () => setChoice({ madeWhenNarrow: isNarrow, collapsed: !collapsed });
  return [collapsed, toggle];
}
