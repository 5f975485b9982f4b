// Builds React Router's route objects from the route table: layouts, guards, lazy screens and an
// error boundary per route.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  createBrowserRouter,
  redirect,
  RouterProvider,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';

import { ScreenLoading } from '@/components/screen-loading';
import { ROUTES, type AppRoute } from '@/config/routes';
import { trackAttribution } from '@/lib/attribution';
import { selectIsAuthenticated } from '@/lib/session/session-slice';

import { useAppStore } from './hooks';
import { PublicLayout } from './layouts/public-layout';
import { RouteDocumentTitle } from './route-document-title';
import { RouteErrorScreen } from './route-error-screen';
import { guardRedirect, landingRedirect } from './route-guard';
import { routeScreens } from './route-screens';

import type { AppStore } from './store';
import type { RouteHandle } from './use-current-route';

// The signed-in frame (sidebar, title bar, onboarding dialog, section tabs) is split off so the
// sign-in screens never download it. A protected route's guard starts the download once it lets
// the visitor in, so the frame loads beside the screen, and a redirected visitor never fetches it.
// (React Router's route `lazy` would fetch it even for a visit the guard redirects.)
const loadAppLayout = () => import('./layouts/app-layout');
const loadSectionLayout = {
  settings: () => import('./layouts/settings-layout'),
  subscription: () => import('./layouts/subscription-layout'),
};
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));
const SettingsLayout = lazy(async () => ({
  default: (await loadSectionLayout.settings()).SettingsLayout,
}));
const SubscriptionLayout = lazy(async () => ({
  default: (await loadSectionLayout.subscription()).SubscriptionLayout,
}));

const sectionOf = (route: AppRoute) => ('section' in route ? route.section : undefined);

function preloadLayoutsOf(route: AppRoute): void {
  if (route.guard !== 'protected') return;
  void loadAppLayout();
  const section = sectionOf(route);
  if (section) void loadSectionLayout[section]();
}

function whenLoaded(layout: ReactNode, fullPage = false) {
  return <Suspense fallback={<ScreenLoading fullPage={fullPage} />}>{layout}</Suspense>;
}

function toRouteObjects(route: AppRoute, store: AppStore): RouteObject[] {
  const Screen = routeScreens[route.name];
  const paths = [route.path, ...('aliases' in route ? route.aliases : [])];
  // The guard runs as a loader, before anything renders, so no protected frame ever flashes.
  const loader = ({ request }: LoaderFunctionArgs) => {
    const state = store.getState();
    const isAuthenticated = selectIsAuthenticated(state);
    const target =
      guardRedirect(route, isAuthenticated, new URL(request.url)) ??
      (isAuthenticated ? landingRedirect(route, state) : null);
    if (target) return redirect(target);
    preloadLayoutsOf(route);
    return null;
  };
  return paths.map((path) => ({
    path,
    handle: { route } satisfies RouteHandle,
    loader,
    errorElement: <RouteErrorScreen />,
    element: (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    ),
  }));
}

export function buildRoutes(store: AppStore): RouteObject[] {
  const routesWhere = (keep: (route: AppRoute) => boolean) =>
    ROUTES.filter(keep).flatMap((route) => toRouteObjects(route, store));

  return [
    {
      element: <RouteDocumentTitle />,
      hydrateFallbackElement: <ScreenLoading fullPage />,
      errorElement: <RouteErrorScreen />,
      children: [
        // Full-page screens with a frame of their own (the scanner).
        ...routesWhere((route) => route.guard === 'open'),
        {
          element: <PublicLayout />,
          children: routesWhere((route) => route.guard === 'public'),
        },
        {
          element: whenLoaded(<AppLayout />, true),
          children: [
            ...routesWhere((route) => route.guard === 'protected' && !sectionOf(route)),
            {
              element: whenLoaded(<SettingsLayout />),
              children: routesWhere((route) => sectionOf(route) === 'settings'),
            },
            {
              element: whenLoaded(<SubscriptionLayout />),
              children: routesWhere((route) => sectionOf(route) === 'subscription'),
            },
          ],
        },
      ],
    },
  ];
}

/** Made once per app, after the session has been restored, so the guard sees the stored tokens. */
export function AppRouter() {
  const store = useAppStore();
  const [router] = useState(() => createBrowserRouter(buildRoutes(store)));
  // The referrer and the journey cookies follow every navigation.
  useEffect(() => trackAttribution(router), [router]);
  return <RouterProvider router={router} />;
}
