import { screen, waitFor, within } from '@testing-library/react';

import { selectIsAuthenticated, type SessionState } from '@/lib/session/session-slice';
import { OWNER_PROFILE, signedInSession, SHARED_USER_PROFILE } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

import { DeleteAccountSection, SIGN_OUT_DELAY_MS } from '../components/delete-account-section';
import { DeletionPendingBanner } from '../components/deletion-pending-banner';

import type { UserProfile } from '../api/account-api';

const DELETE_AFTER = '2026-12-09T10:00:00Z';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function answerWith(profile: UserProfile) {
  const sent: Sent[] = [];
  let current = profile;
  mockFetch(async (request) => {
    const text = await request.text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    if (entry.path === '/api/account/' && entry.method === 'DELETE') {
      return jsonResponse({ delete_after: DELETE_AFTER }, 202);
    }
    if (entry.path === '/api/account/restore/') {
      current = { ...current, delete_after: null };
      return new Response(null, { status: 204 });
    }
    if (entry.path === '/api/auth/profile/') return jsonResponse(current);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return sent;
}

function renderSection(profile: UserProfile) {
  const sent = answerWith(profile);
  const view = renderWithProviders(<DeleteAccountSection profile={profile} />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
  return { ...view, sent };
}

describe('delete account', () => {
  it("enables the dialog's confirm button only once the email matches, then signs the owner out", async () => {
    const { user, sent, store } = renderSection(OWNER_PROFILE);
    expect(screen.getByText(/deleted 14 days after you ask/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    const email = dialog.getByRole('textbox', { name: 'Your email address' });
    await user.type(email, 'not-me@example.com');
    expect(confirm).toBeDisabled();
    await user.clear(email);
    await user.type(email, OWNER_PROFILE.email.toUpperCase());
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('Your account will be deleted')).toBeInTheDocument();
    await waitFor(() => expect(selectIsAuthenticated(store.getState())).toBe(false), {
      timeout: SIGN_OUT_DELAY_MS + 2000,
    });
    expect(sent.find((request) => request.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: '/api/account/',
      body: { email: OWNER_PROFILE.email.toUpperCase() },
    });
  });

  it('tells a shared user that only their membership goes', () => {
    renderSection(SHARED_USER_PROFILE);
    expect(screen.getByText(/removes only you from/)).toBeInTheDocument();
  });

  it('warns of a pending deletion and cancels it', async () => {
    const sent = answerWith({ ...OWNER_PROFILE, delete_after: DELETE_AFTER });
    const { user } = renderWithProviders(<DeletionPendingBanner />, {
      preloadedState: { session: signedInSession({ deleteAfter: DELETE_AFTER }) as SessionState },
    });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/^Your account will be deleted on 9 December 2026, /);
    await user.click(within(banner).getByRole('button', { name: 'Cancel deletion' }));

    await waitFor(() =>
      expect(screen.queryByText(/Your account will be deleted on/)).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Deletion cancelled')).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/api/account/restore/')).toBe(true);
  });
});
