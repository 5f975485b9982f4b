// Toasts from anywhere, including code outside React (the API error listener). The mounted
// NotificationProvider registers the function that actually shows them. The toast library is
// loaded only when the first toast is asked for, so toasts asked for before then wait for it.

export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

/** A link under the toast's detail to where the user can act on it, e.g. the plans after a plan limit. */
export interface NotificationAction {
  label: string;
  /** An address within the app. */
  href: string;
}

export interface Notification {
  severity: NotificationSeverity;
  summary: string;
  detail: string;
  /** Milliseconds before the toast closes by itself. */
  lifetime?: number;
}

/** What notify() takes: a notification, and at times a link to act on it. */
export interface ActionableNotification extends Notification {
  action?: NotificationAction;
}

export const DEFAULT_NOTIFICATION_LIFETIME_MS = 8000;

type ShownNotification = Required<Notification> & Pick<ActionableNotification, 'action'>;
type ShowNotification = (notification: ShownNotification) => void;

let showNotification: ShowNotification | null = null;
let loadOutlet: (() => void) | null = null;
let waitingForOutlet: ShownNotification[] = [];
let navigateInApp: ((href: string) => void) | null = null;

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

export function notify(notification: ActionableNotification): void {
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

/**
 * Called by the signed-in layout (inside the router) so that a toast's link moves within the app; the toasts
 * themselves sit outside the router. The returned function unregisters it.
 */
export function registerNotificationNavigator(navigate: (href: string) => void): () => void {
  navigateInApp = navigate;
  return () => {
    if (navigateInApp === navigate) navigateInApp = null;
  };
}

/** Follows a toast's link within the app; false when no router listens, so the browser follows it instead. */
export function followNotificationLink(href: string): boolean {
  if (!navigateInApp) return false;
  navigateInApp(href);
  return true;
}
