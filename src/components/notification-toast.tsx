import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';

import { followNotificationLink, type NotificationAction } from '@/lib/notify';

import type { MouseEvent, Ref } from 'react';

interface NotificationMessageProps {
  summary: string;
  detail: string;
  action?: NotificationAction;
  /** Called when the action's link is followed: the toast has done its job. */
  onAction?: () => void;
}

export function NotificationMessage({
  summary,
  detail,
  action,
  onAction,
}: NotificationMessageProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (action && followNotificationLink(action.href)) event.preventDefault();
    onAction?.();
  };
  return (
    <>
      <AlertTitle sx={{ fontWeight: 700 }}>{summary}</AlertTitle>
      {detail}
      {action && (
        <Link
          href={action.href}
          onClick={follow}
          color="inherit"
          sx={{ display: 'block', mt: 1, fontWeight: 600 }}
        >
          {action.label}
        </Link>
      )}
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
