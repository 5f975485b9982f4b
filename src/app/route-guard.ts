// Navigation guard, kept pure so every rule is testable without rendering.
import {
  getRoute,
  pathTo,
  routeArea,
  routeLevel,
  type AppRoute,
  type StaticRouteName,
} from '@/config/routes';
import { selectAccess, type StateWithSession } from '@/lib/session/session-slice';
import { ACCESS_LEVELS, type AccessArea } from '@common/team';

/** Where to send the user instead of `route`, or null to let the navigation proceed. */
export function guardRedirect(
  route: AppRoute,
  isAuthenticated: boolean,
  requested: URL,
): string | null {
  if (route.guard === 'open') return null;
  if (route.guard === 'public') return isAuthenticated ? pathTo('dashboard') : null;
  if (isAuthenticated) return null;
  // An unknown address is not worth returning to after sign-in.
  if (route.name === 'NotFound') return pathTo('signin');
  const next = requested.pathname + requested.search + requested.hash;
  return `${pathTo('signin')}?${new URLSearchParams({ next })}`;
}

/** What a screen needs that the user lacks: its area, and the level missing there (`view` when they have none). */
export interface DeniedAccess {
  area: AccessArea;
  level: 'view' | 'edit';
}

/**
 * Why the signed-in user may not open `route` (a shared user below the level its screen needs in its area), or
 * null. The screen is then replaced by the no-access state rather than redirected, so the address stays.
 */
export function deniedAccess(
  route: AppRoute | undefined,
  state: StateWithSession,
): DeniedAccess | null {
  const area = route && routeArea(route);
  if (!area) return null;
  const has = selectAccess(state, area);
  const needs = routeLevel(route);
  if (ACCESS_LEVELS.indexOf(has) >= ACCESS_LEVELS.indexOf(needs)) return null;
  // Someone with none lacks the area as a whole, even on a screen that needs edit.
  return { area, level: has === 'none' ? 'view' : needs };
}

/** The areas' lists in the sidebar's order: where a shared user without verifications lands instead. */
export const LANDING_ROUTES: readonly StaticRouteName[] = [
  'dashboard',
  'integrations',
  'bulk-operations',
  'templates',
  'custom-domain',
];

/**
 * Where to send a signed-in user who arrives at the dashboard (`/`, where sign-in leads) without access to it: the
 * first area their owner shared with them, or the welcome that says nothing is shared yet. Null to stay. A user
 * never lands on a screen they may not use; one they open by its address keeps it, with the no-access state.
 */
export function landingRedirect(route: AppRoute, state: StateWithSession): string | null {
  if (route.name !== 'dashboard' || !deniedAccess(route, state)) return null;
  const landing = LANDING_ROUTES.find((name) => !deniedAccess(getRoute(name), state));
  return pathTo(landing ?? 'welcome');
}
