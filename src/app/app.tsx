import { PersistGate } from 'redux-persist/integration/react';

import { ScreenLoading } from '@/components/screen-loading';

import { AppProviders } from './providers';
import { AppRouter } from './router';

import type { AppStore } from './store';
import type { Persistor } from 'redux-persist';

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <AppProviders store={store}>
      {/* The router (and its guard) starts only once the stored session is back. */}
      <PersistGate persistor={persistor} loading={<ScreenLoading fullPage />}>
        <AppRouter />
      </PersistGate>
    </AppProviders>
  );
}
