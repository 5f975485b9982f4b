// Toasts from anywhere, including code outside React (the API error listener). The mounted
// NotificationProvider registers the function that actually shows them. The toast library is
// loaded only when the first toast is asked for, so toasts asked for before then wait for it.

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
let loadOutlet: (() => void) | null = null;
let waitingForOutlet: Required<Notification>[] = [];

/** Called by the outlet on mount; the returned function unregisters it on unmount. */
export function registerNotificationOutlet(show: ShowNotification): () => void {
  showNotification = show;
  waitingForOutlet.splice(0).forEach(show);
  return () => {
    if (showNotification === show) showNotification = null;
  };
}

/** Called by the provider on mount: `load` brings in the outlet, which then registers itself. */
export function registerNotificationOutletLoader(load: () => void): () => void {
  // A newly mounted provider has no outlet yet; any earlier one (or a test's) is stale.
  showNotification = null;
  loadOutlet = load;
  return () => {
    if (loadOutlet !== load) return;
    loadOutlet = null;
    waitingForOutlet = [];
  };
}

export function notify(notification: Notification): void {
  const toShow = { lifetime: DEFAULT_NOTIFICATION_LIFETIME_MS, ...notification };
  if (showNotification) {
    showNotification(toShow);
  } else if (loadOutlet) {
    waitingForOutlet.push(toShow);
    loadOutlet();
  } else {
    console.warn(
      `Notification not shown (no notification provider mounted): ${notification.summary} — ${notification.detail}`,
    );
  }
}
