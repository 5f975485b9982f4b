// Analytics events go to the tag manager's data layer, which may not be loaded (ad blockers,
// local runs); pushing onto a plain array then is harmless and keeps the event for a late loader.

export interface AnalyticsEvent {
  event: string;
  [field: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export function pushAnalyticsEvent(event: AnalyticsEvent): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}
