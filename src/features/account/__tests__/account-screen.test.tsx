import { screen, waitFor, within } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import { OWNER_PROFILE, signedInSession, SHARED_USER_PROFILE } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

import { AccountScreen } from '../components/account-screen';

import type { Session, UserProfile } from '../api/account-api';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Answer = (sent: Sent) => Response | undefined;

const SESSIONS: Session[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    current: true,
    device: 'desktop',
    browser: 'Chrome',
    created_at: '2026-11-20T09:00:00Z',
    last_used_at: '2026-11-25T09:00:00Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    current: false,
    device: 'mobile',
    browser: 'Safari',
    created_at: '2026-11-21T09:00:00Z',
    last_used_at: '2026-11-24T09:00:00Z',
  },
];

function render({
  profile = OWNER_PROFILE,
  answer,
}: { profile?: UserProfile; answer?: Answer } = {}) {
  const sent: Sent[] = [];
  let sessions = SESSIONS;
  let current = profile;
  mockFetch(async (request) => {
    const text = await request.text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    const custom = answer?.(entry);
    if (custom) return custom;
    if (entry.path === '/api/auth/profile/') {
      if (entry.method === 'PATCH') current = { ...current, ...(entry.body as object) };
      return jsonResponse(current);
    }
    if (entry.path === '/api/auth/sessions/') {
      if (entry.method === 'DELETE') {
        sessions = sessions.filter((session) => session.current);
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ results: sessions });
    }
    if (entry.path.startsWith('/api/auth/sessions/') && entry.method === 'DELETE') {
      sessions = sessions.filter((session) => !entry.path.includes(session.id));
      return new Response(null, { status: 204 });
    }
    if (entry.path === '/api/auth/email/') {
      current = { ...current, pending_email: (entry.body as { email: string }).email };
      return jsonResponse({ status: 200, data: { message: 'Code sent.' } });
    }
    if (entry.path === '/api/auth/email/verify/') {
      current = { ...current, email: current.pending_email ?? current.email, pending_email: null };
      return jsonResponse(current);
    }
    if (entry.path === '/api/auth/password/') {
      return jsonResponse({ status: 200, data: { message: 'Password changed.' } });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  const view = renderWithProviders(<AccountScreen />, {
    route: '/account',
    preloadedState: { session: signedInSession() as SessionState },
  });
  return { ...view, sent };
}

describe('account screen: profile', () => {
  it('previews the issuer as the organisation name is typed, and saves it', async () => {
    const { user, sent } = render();
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    expect(profile.getByText('Issued by Olivia Owner')).toBeInTheDocument();

    await user.type(profile.getByRole('textbox', { name: 'Organisation name' }), 'University of X');
    expect(profile.getByText('Issued by University of X')).toBeInTheDocument();
    await user.click(profile.getByRole('button', { name: 'Save profile' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
        first_name: 'Olivia',
        last_name: 'Owner',
        industry: 'Education',
        organisation_name: 'University of X',
      }),
    );
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });

  it('shows the server’s field errors beside the fields', async () => {
    const { user } = render({
      answer: (request) =>
        request.method === 'PATCH'
          ? jsonResponse(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Check the fields.',
                  details: {
                    organisation_name: ['Organisation name must not contain control characters'],
                  },
                },
              },
              400,
            )
          : undefined,
    });
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    await user.type(profile.getByRole('textbox', { name: 'Organisation name' }), 'Acme');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));

    expect(
      await profile.findByText('Organisation name must not contain control characters'),
    ).toBeInTheDocument();
  });

  it('checks the name before sending', async () => {
    const { user, sent } = render();
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    const name = profile.getByRole('textbox', { name: /First name/ });
    await user.clear(name);
    await user.tab();
    expect(await profile.findByText('Name is required')).toBeInTheDocument();
    expect(profile.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('a shared user sees the owner’s organisation, and cannot change it', async () => {
    render({
      profile: {
        ...SHARED_USER_PROFILE,
        organisation_name: 'University of X',
        issuer_name: 'University of X',
      },
    });
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    expect(profile.getByRole('textbox', { name: 'Organisation name' })).toBeDisabled();
    expect(profile.getByText('Issued by University of X')).toBeInTheDocument();
  });
});

describe('account screen: email', () => {
  it('mails a code to the new address and changes the email with it', async () => {
    const { user, sent } = render();
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    await user.type(screen.getByRole('textbox', { name: 'New email' }), 'olivia@new.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const step = within(await screen.findByRole('form', { name: 'Confirm your new email' }));
    expect(step.getByText('olivia@new.example')).toBeInTheDocument();
    await user.click(step.getByRole('textbox', { name: /digit 1/i }));
    await user.keyboard('123456');
    await user.click(step.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Email changed')).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      path: '/api/auth/email/verify/',
      body: { otp: '123456' },
    });
    expect(await screen.findByText('olivia@new.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change email' })).toBeInTheDocument();
  });

  it('shows a refused address under the field', async () => {
    const { user } = render({
      answer: (request) =>
        request.path === '/api/auth/email/'
          ? jsonResponse(
              {
                error: {
                  code: 'email_taken',
                  message: 'An account with this email already exists.',
                  details: { email: ['An account with this email already exists.'] },
                },
              },
              400,
            )
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    await user.type(screen.getByRole('textbox', { name: 'New email' }), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      (await screen.findAllByText('An account with this email already exists.')).length,
    ).toBeGreaterThan(0);
  });
});

describe('account screen: password', () => {
  it('asks for the current password and lists the new one’s problems', async () => {
    const { user, sent } = render();
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('New Password'), 'short');
    await user.type(form.getByLabelText('Confirm Password'), 'other');
    await user.tab();
    expect(form.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(form.getByText('Passwords must match')).toBeInTheDocument();

    await user.clear(form.getByLabelText('New Password'));
    await user.type(form.getByLabelText('New Password'), 'Brand-new-pass-7');
    await user.clear(form.getByLabelText('Confirm Password'));
    await user.type(form.getByLabelText('Confirm Password'), 'Brand-new-pass-7');
    await user.type(form.getByLabelText('Current Password'), 'Old-pass-1');
    await user.click(form.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/auth/password/')?.body).toEqual({
        current_password: 'Old-pass-1',
        password: 'Brand-new-pass-7',
        confirmPassword: 'Brand-new-pass-7',
      }),
    );
    expect(
      await screen.findByText('Your other sessions have been signed out.'),
    ).toBeInTheDocument();
  });

  it('shows a wrong current password under its field', async () => {
    const { user } = render({
      answer: (request) =>
        request.path === '/api/auth/password/'
          ? jsonResponse(
              {
                error: {
                  code: 'validation_failed',
                  message: 'The current password is not correct',
                  details: { current_password: ['The current password is not correct'] },
                },
              },
              400,
            )
          : undefined,
    });
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText('Current Password'), 'Wrong-pass-1');
    await user.type(form.getByLabelText('New Password'), 'Brand-new-pass-7');
    await user.type(form.getByLabelText('Confirm Password'), 'Brand-new-pass-7');
    await user.click(form.getByRole('button', { name: 'Change Password' }));

    expect(
      (await form.findAllByText('The current password is not correct')).length,
    ).toBeGreaterThan(0);
  });

  it('an account without a password sets one without the current password', async () => {
    render({ profile: { ...OWNER_PROFILE, has_password: false } });
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    expect(form.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Set Password' })).toBeInTheDocument();
  });
});

describe('account screen: sessions', () => {
  it('lists the sessions with this one marked, and signs another out', async () => {
    const { user, sent } = render();
    const list = within(await screen.findByRole('list', { name: 'Signed-in sessions' }));
    const current = within(list.getByRole('listitem', { name: 'Chrome on computer' }));
    expect(current.getByText('This session')).toBeInTheDocument();
    expect(current.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

    const phone = within(list.getByRole('listitem', { name: 'Safari on phone' }));
    await user.click(phone.getByRole('button', { name: 'Sign out' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Safari on phone' })).not.toBeInTheDocument(),
    );
    expect(sent).toContainEqual({
      method: 'DELETE',
      path: `/api/auth/sessions/${SESSIONS[1]!.id}/`,
      body: null,
    });
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it('signs out all other sessions after confirming', async () => {
    const { user, sent } = render();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Sign out all other sessions?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'DELETE', path: '/api/auth/sessions/', body: null });
  });

  it('says when the sessions cannot be loaded', async () => {
    render({
      answer: (request) =>
        request.path === '/api/auth/sessions/'
          ? jsonResponse({ error: { code: 'internal_error', message: 'Oops' } }, 500)
          : undefined,
    });
    expect(await screen.findByText('Your sessions could not be loaded')).toBeInTheDocument();
  });
});
