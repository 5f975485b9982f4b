// Runs before every SPA test file: DOM matchers, the browser APIs jsdom lacks, and a clean slate.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import vm from 'node:vm';

import { configure } from '@testing-library/react';

import { browserLocation } from '@/lib/browser-location';

// Lazy route chunks load slowly on a busy 2-core CI machine (over 5 s once, with the server tests beside them);
// wait longer than the 1 s default. A hang still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no Fetch API. Node's own classes live in the outer realm; borrow them.
const nodeGlobals = vm.runInThisContext('globalThis') as typeof globalThis;

/** Like a browser's Request: relative URLs ('/api/…') resolve against the page's location. */
class BrowserRequest extends nodeGlobals.Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
}

/** Stands in for the network when a test has not mocked a server: any call fails loudly. */
async function unmockedFetch(input: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  throw new Error(`No mocked server for ${url}; use mockFetch() from src/testing/mock-fetch.ts`);
}

/** jsdom lays nothing out, so sizes never change: an observer that never reports (Uppy's Dashboard needs one). */
class StillResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

Object.assign(globalThis, {
  fetch: unmockedFetch,
  ResizeObserver: StillResizeObserver,
  Request: BrowserRequest,
  Response: nodeGlobals.Response,
  Headers: nodeGlobals.Headers,
  TextEncoder,
  TextDecoder,
  // MUI X Charts' gesture handling clones its options with it.
  structuredClone: nodeGlobals.structuredClone,
});

beforeEach(() => {
  // jsdom cannot navigate; tests assert on these instead.
  jest.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
  jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.clearAllMocks();
  // A test's mocked server must not answer the next test's calls.
  Object.assign(globalThis, { fetch: unmockedFetch });
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
