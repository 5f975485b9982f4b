// A stand-in for the auth API: tests list the answers per "METHOD /path" and read what was sent.
import { act } from '@testing-library/react';

import { registerNotificationOutlet, type Notification } from '@/lib/notify';
import { OWNER_PROFILE } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import type { UserProfile } from '@common/auth-schemas';

export type Answer = Response | ((request: Request) => Response | Promise<Response>);

export const TOKENS = {
  access_token: 'access-from-server',
  refresh_token: 'refresh-from-server',
  expires_in: 36000,
  token_type: 'Bearer',
};

/** The profile call most sign-ins end with. */
export function profileAnswer(profile: UserProfile = OWNER_PROFILE): Answer {
  return () => jsonResponse(profile);
}

/**
 * Mocks fetch with `routes` ("PATCH /api/auth/resend-otp/": answer). A call nobody listed fails
 * the network request, which the test then notices. Answers are rebuilt per call (a Response body
 * can be read only once), so list functions for anything called twice.
 */
export function fakeAuthServer(routes: Record<string, Answer>) {
  return mockFetch(async (request) => {
    const { pathname } = new URL(request.url);
    const answer = routes[`${request.method} ${pathname}`];
    if (!answer) throw new Error(`Unexpected call: ${request.method} ${pathname}`);
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
}

type FetchMock = ReturnType<typeof mockFetch>;

/** Every request sent to `method path`, in order. */
export function callsTo(fetchMock: FetchMock, method: string, path: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request) => request.method === method && new URL(request.url).pathname === path);
}

export async function jsonBodyOf(request: Request): Promise<unknown> {
  return request.clone().json();
}

/** Fields of a multipart or form-encoded body. */
export async function formBodyOf(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.clone().formData();
    return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(await request.clone().text()));
}

/**
 * Catches every toast from here on, with its full settings (lifetime included). Call after
 * rendering: the mounted provider registers its own outlet first, and this one replaces it.
 */
export function captureNotifications(): jest.Mock<void, [Required<Notification>]> {
  const shown = jest.fn<void, [Required<Notification>]>();
  act(() => {
    registerNotificationOutlet(shown);
  });
  return shown;
}
