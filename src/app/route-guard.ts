// Navigation guard, kept pure so every rule is testable without rendering.
import { selectAccess, type StateWithSession } from '@/lib/session/session-slice';
import type { AccessArea } from '@common/team';

import { pathTo, routeArea, type AppRoute } from './routes';

/** Where to send the user instead of `route`, or null to let the navigation proceed. */
export function guardRedirect(
  route: AppRoute,
  isAuthenticated: boolean,
  requested: URL,
): string | null {
  if (route.guard === 'public') return isAuthenticated ? pathTo('dashboard') : null;
  if (isAuthenticated) return null;
  // An unknown address is not worth returning to after sign-in.
  if (route.name === 'NotFound') return pathTo('signin');
  const next = requested.pathname + requested.search + requested.hash;
  return `${pathTo('signin')}?${new URLSearchParams({ next })}`;
}

/**
 * The area whose screen `route` is, when the signed-in user may not open it (a shared user with `none` there),
 * or null. The screen is then replaced by the no-access state rather than redirected, so the address stays.
 */
export function deniedArea(
  route: AppRoute | undefined,
  state: StateWithSession,
): AccessArea | null {
  const area = route && routeArea(route);
  return area && selectAccess(state, area) === 'none' ? area : null;
}
