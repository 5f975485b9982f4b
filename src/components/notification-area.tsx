// The notification area: top right, 1rem from the top on phones and 3.5rem from
// the sm breakpoint up, where the title bar would otherwise hide the toasts.
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';

import { registerNotificationOutlet } from '@/lib/notify';

import { NotificationMessage, NotificationToast } from './notification-toast';

const CONTAINER_CLASS = 'qrv-notifications';

function NotificationOutlet() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(
    () =>
      registerNotificationOutlet(({ severity, summary, detail, lifetime, action }) => {
        // Keyed by what it says, so an identical toast (two calls failing with one 500) shows once.
        const key = enqueueSnackbar({
          key: [severity, summary, detail].join('\n'),
          message: (
            <NotificationMessage
              summary={summary}
              detail={detail}
              action={action}
              onAction={() => closeSnackbar(key)}
            />
          ),
          variant: severity,
          autoHideDuration: lifetime,
        });
      }),
    [enqueueSnackbar, closeSnackbar],
  );
  return null;
}

export function NotificationArea() {
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      maxSnack={4}
      preventDuplicate
      classes={{ containerRoot: CONTAINER_CLASS }}
      Components={{
        success: NotificationToast,
        info: NotificationToast,
        warning: NotificationToast,
        error: NotificationToast,
      }}
    >
      <GlobalStyles
        styles={(theme) => ({
          // Two classes outrank notistack's own single-class rule.
          [`.${CONTAINER_CLASS}.notistack-SnackbarContainer`]: {
            top: '1rem',
            [theme.breakpoints.up('sm')]: { top: '3.5rem' },
          },
        })}
      />
      <NotificationOutlet />
    </SnackbarProvider>
  );
}
