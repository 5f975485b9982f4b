// Toasts from anywhere, including code outside React (the API error listener). The mounted
// NotificationProvider registers the function that actually shows them.

export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  severity: NotificationSeverity;
  summary: string;
  detail: string;
  /** Milliseconds before the toast closes by itself. */
  lifetime?: number;
}

export const DEFAULT_NOTIFICATION_LIFETIME_MS = 8000;

type ShowNotification = (notification: Required<Notification>) => void;

let showNotification: ShowNotification | null = null;

/** Called by the provider on mount; the returned function unregisters it on unmount. */
export function registerNotificationOutlet(show: ShowNotification): () => void {
  showNotification = show;
  return () => {
    if (showNotification === show) showNotification = null;
  };
}

export function notify(notification: Notification): void {
  if (!showNotification) {
    console.warn(
      `Notification not shown (no notification provider mounted): ${notification.summary} — ${notification.detail}`,
    );
    return;
  }
  showNotification({ lifetime: DEFAULT_NOTIFICATION_LIFETIME_MS, ...notification });
}
