// The SPA's entry point (webpack entry).
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';

import { App } from '@/app/app';
import { preloadPublicScreen } from '@/app/route-screens';
import { setupStore } from '@/app/store';
import { initSentryWhenIdle } from '@/lib/sentry';
import { syncSessionAcrossTabs } from '@/lib/session/session-tab-sync';

preloadPublicScreen(window.location.pathname);
initSentryWhenIdle();

const store = setupStore();
const persistor = persistStore(store);
syncSessionAcrossTabs(store);

const container = document.getElementById('root');
if (!container) throw new Error('QR Verify needs a <div id="root"> in index.html');

createRoot(container).render(
  <StrictMode>
    <App store={store} persistor={persistor} />
  </StrictMode>,
);
