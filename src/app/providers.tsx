import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';

import { NotificationProvider } from '@/components/notification-provider';
import { theme } from '@/theme/theme';

import type { AppStore } from './store';
import type { ReactNode } from 'react';

/** Everything a screen needs around it except the router; shared by the app and the tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <NotificationProvider>{children}</NotificationProvider>
      </ThemeProvider>
    </Provider>
  );
}
