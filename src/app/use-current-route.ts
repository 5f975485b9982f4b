import { useMatches } from 'react-router-dom';

import type { AppRoute } from '@/config/routes';

/** Attached to every screen's route object so layouts can tell which named route is showing. */
export interface RouteHandle {
  route: AppRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The deepest matched route from the route table, or undefined outside the app's routes. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle } = matches[index];
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}
