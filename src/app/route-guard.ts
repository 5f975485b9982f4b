// Navigation guard (spec section 2), kept pure so every rule is testable without rendering.
import { pathTo, type AppRoute } from './routes';

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
