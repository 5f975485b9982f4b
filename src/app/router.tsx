// Builds React Router's route objects from the route table: layouts, guards, lazy screens and an
// error boundary per route.
import { Suspense, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  redirect,
  RouterProvider,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';

import { ScreenLoading } from '@/components/screen-loading';
import { trackAttribution } from '@/lib/attribution';
import { selectIsAuthenticated } from '@/lib/session/session-slice';

import { useAppStore } from './hooks';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { SettingsLayout } from './layouts/settings-layout';
import { SubscriptionLayout } from './layouts/subscription-layout';
import { RouteErrorScreen } from './route-error-screen';
import { guardRedirect } from './route-guard';
import { routeScreens } from './route-screens';
import { ROUTES, type AppRoute } from './routes';

import type { AppStore } from './store';
import type { RouteHandle } from './use-current-route';

function toRouteObjects(route: AppRoute, store: AppStore): RouteObject[] {
  const Screen = routeScreens[route.name];
  const paths = [route.path, ...('aliases' in route ? route.aliases : [])];
  // The guard runs as a loader, before anything renders, so no protected frame ever flashes.
  const loader = ({ request }: LoaderFunctionArgs) => {
    const isAuthenticated = selectIsAuthenticated(store.getState());
    const target = guardRedirect(route, isAuthenticated, new URL(request.url));
    return target ? redirect(target) : null;
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
  const sectionOf = (route: AppRoute) => ('section' in route ? route.section : undefined);

  return [
    {
      hydrateFallbackElement: <ScreenLoading fullPage />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          element: <PublicLayout />,
          children: routesWhere((route) => route.guard === 'public'),
        },
        {
          element: <AppLayout />,
          children: [
            ...routesWhere((route) => route.guard === 'protected' && !sectionOf(route)),
            {
              element: <SettingsLayout />,
              children: routesWhere((route) => sectionOf(route) === 'settings'),
            },
            {
              element: <SubscriptionLayout />,
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
  // The referrer and the journey cookies follow every navigation (spec section 1).
  useEffect(() => trackAttribution(router), [router]);
  return <RouterProvider router={router} />;
}
