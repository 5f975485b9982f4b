import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';

import type { Ref } from 'react';

export function NotificationMessage({ summary, detail }: { summary: string; detail: string }) {
  return (
    <>
      <AlertTitle sx={{ fontWeight: 700 }}>{summary}</AlertTitle>
      {detail}
    </>
  );
}

type NotificationToastProps = CustomContentProps & { ref?: Ref<HTMLDivElement> };

/** One toast: severity icon, bold summary, detail, and a close button. */
export function NotificationToast({ id, message, variant, ref }: NotificationToastProps) {
  const { closeSnackbar } = useSnackbar();
  const severity: AlertColor = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent ref={ref}>
      <Alert
        severity={severity}
        variant="outlined"
        onClose={() => closeSnackbar(id)}
        sx={{ width: { xs: '100%', sm: 400 }, bgcolor: 'background.paper', boxShadow: 3 }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
}
