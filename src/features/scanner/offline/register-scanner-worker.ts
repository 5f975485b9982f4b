// Installs the scanner's service worker (scanner-service-worker.ts, built to /sw.js) for /scan only, so the
// scanner opens offline after one online visit and the rest of the app is never served from a cache.
const WORKER_URL = '/sw.js';
const WORKER_SCOPE = '/scan';

export function registerScannerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // A failure (a private window, an http page other than localhost) only means no offline use.
  navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }).catch(() => undefined);
}
