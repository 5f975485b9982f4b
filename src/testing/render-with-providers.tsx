// Renders UI the way the app does (store, theme, notifications, router), with a fresh store each time.
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

/** Renders `ui` at `route`, inside every provider the app has. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/' }: RenderOptions = {},
) {
  const store = setupStore(preloadedState);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
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
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}
