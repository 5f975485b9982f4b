// The scanner's service worker, so /scan opens and verifies with no network after one online visit. Registered by
// the scanner with scope /scan: it controls the scanner's page only, never the rest of the app.
// - install: caches the scanner's shell (/scan's index.html) and the build's files the scanner needs — the app's
//   entry chunks, the scanner's chunks, the QR decoder's WebAssembly, pdf.js and its worker, the fonts. Webpack
//   writes that list in (ScannerServiceWorkerPlugin, webpack.config.ts) with a version that changes with it.
// - activate: drops the caches of older builds, so a new build replaces the old files rather than piling up.
// - fetch: /scan navigations go to the network first and fall back to the cached shell; the listed files come
//   from the cache (their names carry content hashes, so they never go stale); the trust list is served from the
//   cache while a fresh copy is fetched for next time (stale-while-revalidate: a revoked key reaches the scanner on
//   its next online use). Nothing else is touched: /api/ answers are never cached.
// Compiled on its own (not a webpack chunk): a service worker is one script at a fixed URL, /sw.js.
import { TRUST_LIST_PATH } from '@common/seals/trust-list';

// Filled in by the build.
declare const SCANNER_PRECACHE: string[];
declare const SCANNER_CACHE_VERSION: string;

// The service worker types (WebWorker lib) clash with the DOM lib the rest of src/ compiles with: the little used
// here is described by hand.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
const CACHE_PREFIX = 'qrverify-scanner-';
const CACHE_NAME = `${CACHE_PREFIX}${SCANNER_CACHE_VERSION}`;
const SHELL_PATH = '/scan';
const precached = new Set(SCANNER_PRECACHE);

// The server sends the app's index.html for a browser navigation only, which it tells by this header.
const shellRequest = () => new Request(SHELL_PATH, { headers: { accept: 'text/html' } });

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) =>
        Promise.all([
          cache.addAll([shellRequest(), ...SCANNER_PRECACHE]),
          // The scanner's page fetched the trust list before this worker controlled it; a failure here only means
          // the first offline check uses the copy the page kept.
          cache.add(TRUST_LIST_PATH).catch(() => undefined),
        ]),
      )
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

async function shellFromNetworkOrCache(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const cached = await caches.match(shellRequest(), { cacheName: CACHE_NAME });
    if (cached) return cached;
    throw new Error('Offline, and the scanner was never opened online');
  }
}

async function fromCacheFirst(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE_NAME })) ?? fetch(request);
}

async function staleWhileRevalidate(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  // The copy answers whatever headers the request carries (a Vary on the server's answer must not hide it).
  const cached = await cache.match(request, { ignoreVary: true });
  const fresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (!cached) return fresh;
  // The cached copy answers now; the fresh one replaces it for next time (a failure changes nothing).
  fresh.catch(() => undefined);
  return cached;
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === SHELL_PATH) event.respondWith(shellFromNetworkOrCache(request));
    return;
  }
  if (url.pathname === TRUST_LIST_PATH) event.respondWith(staleWhileRevalidate(request));
  else if (precached.has(url.pathname)) event.respondWith(fromCacheFirst(request));
});
