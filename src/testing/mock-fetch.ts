// A stand-in for the server: tests describe answers per request and inspect what was sent.

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Replaces global fetch for the current test; the returned mock records every Request. */
export function mockFetch(handler: FetchHandler): jest.Mock<Promise<Response>, [Request]> {
  const fetchMock = jest.fn(async (request: Request) => handler(request));
  Object.defineProperty(globalThis, 'fetch', {
    value: fetchMock,
    writable: true,
    configurable: true,
  });
  return fetchMock;
}

/** The path below the host of every request sent so far, in order. */
export function requestedPaths(fetchMock: jest.Mock<Promise<Response>, [Request]>): string[] {
  return fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);
}
