// Renders UI the way the app does (store, theme, notifications, router), with a fresh store each time. A test
// about one screen renders that screen with its providers; only tests about the app's routing and layouts
// render the whole app.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProviders } from '@/app/providers';
import { buildRoutes } from '@/app/router';
import { setupStore, type PreloadedState } from '@/app/store';

import type { ReactElement } from 'react';

export interface RenderOptions {
  preloadedState?: PreloadedState;
  /** The address the memory router starts at. */
  route?: string;
}

export interface ScreenRenderOptions extends RenderOptions {
  /**
   * The route pattern `ui` answers, e.g. '/templates/:id/edit', so the screen reads its params; other
   * addresses (where the screen navigates to) render nothing. By default `ui` answers every address.
   */
  path?: string;
}

// Typing without pauses between keys: the tests wait for what they expect, not for the clock.
const setupUser = () => userEvent.setup({ delay: null });

/** Renders `ui` at `route`, inside every provider the app has, without the app's routes and layouts. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/', path }: ScreenRenderOptions = {},
) {
  const store = setupStore(preloadedState);
  const routes = path
    ? [
        { path, element: ui },
        { path: '*', element: null },
      ]
    : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = setupUser();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}

/** Renders the whole app (route table, guards, layouts) at `route`. */
export function renderApp({ preloadedState, route = '/' }: RenderOptions = {}) {
  const store = setupStore(preloadedState);
  const router = createMemoryRouter(buildRoutes(store), { initialEntries: [route] });
  const user = setupUser();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}
