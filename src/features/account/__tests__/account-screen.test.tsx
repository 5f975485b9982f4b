import { screen, waitFor, within } from '@testing-library/react';

import { pathTo } from '@/config/routes';
import type { SessionState } from '@/lib/session/session-slice';
import { OWNER_PROFILE, signedInSession, SHARED_USER_PROFILE } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import { declaredOnly, type IssuerIdentity } from '@common/issuer-identity';

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

const CUSTOM_DOMAIN_PATH = pathTo('custom-domain');
const SUPPORT_PATH = pathTo('support');

/** The owner's profile with the account named as `identity` says. */
function ownerNamed(identity: IssuerIdentity, organisationName: string | null = null): UserProfile {
  return {
    ...OWNER_PROFILE,
    has_custom_domain: identity.issuer_proof === 'domain',
    organisation_name: organisationName,
    issuer_name: organisationName ?? 'Olivia Owner',
    issuer_identity: identity,
  };
}

async function identityNotice() {
  const profile = within(await screen.findByRole('form', { name: 'Profile' }));
  return profile.getByRole('status', { name: 'How pages name the account' });
}

describe('account screen: profile', () => {
  it('previews the words a new organisation name gets, and saves it', async () => {
    const { user, sent } = render({ profile: ownerNamed(declaredOnly('Olivia Owner')) });
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    // Until the name changes, the notice says how pages name the account: no preview beside it.
    expect(profile.queryByText(/When saved, public pages will say/)).not.toBeInTheDocument();

    await user.type(profile.getByRole('textbox', { name: 'Organisation name' }), 'University of X');
    expect(
      profile.getByText(
        'Issued by an account calling itself “University of X” — its name is not verified',
      ),
    ).toBeInTheDocument();
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

  it('a verified custom domain names the account, and a new name shows beside it', async () => {
    const { user } = render({
      profile: ownerNamed(
        {
          issuer: 'alpha-university.edu',
          issuer_proof: 'domain',
          declared_name: 'Alpha University',
          declared_name_withheld: null,
        },
        'Alpha University',
      ),
    });
    const notice = await identityNotice();
    expect(notice).toHaveTextContent(
      'Your pages and seals name you as alpha-university.edu (verified by DNS). Your organisation name shows beside it, as you state it.',
    );
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: 'Organisation name' });
    await user.clear(name);
    await user.type(name, 'Alpha College');
    expect(
      screen.getByText('Sealed by alpha-university.edu (Alpha College, as stated by the issuer)'),
    ).toBeInTheDocument();
  });

  it('a name the operator checked names the account', async () => {
    render({
      profile: ownerNamed(
        {
          issuer: 'Alpha University',
          issuer_proof: 'operator',
          declared_name: 'Alpha University',
          declared_name_withheld: null,
        },
        'Alpha University',
      ),
    });
    expect(await identityNotice()).toHaveTextContent(
      'Your pages and seals name you as “Alpha University”, checked by this service.',
    );
  });

  it('a declared name is said as the account’s own words, with the ways to prove it', async () => {
    render({ profile: ownerNamed(declaredOnly('Alpha University'), 'Alpha University') });
    const notice = await identityNotice();
    expect(notice).toHaveTextContent(
      'Your pages say “issued by an account calling itself ‘Alpha University’” — nothing proves the name is yours. Verify a custom domain to be named by it, or ask the service’s operator to check your name.',
    );
    expect(within(notice).getByRole('link', { name: 'Verify a custom domain' })).toHaveAttribute(
      'href',
      CUSTOM_DOMAIN_PATH,
    );
    expect(
      within(notice).getByRole('link', { name: 'ask the service’s operator' }),
    ).toHaveAttribute('href', SUPPORT_PATH);
  });

  it('a name another account’s reads like is withheld, and the notice says why', async () => {
    render({
      profile: ownerNamed(
        { issuer: null, issuer_proof: null, declared_name: null, declared_name_withheld: 'shared' },
        'Harvard University',
      ),
    });
    const notice = await identityNotice();
    expect(notice).toHaveTextContent(
      'Another account uses a name that looks the same, so your pages do not show it. Verify a custom domain to be named by it',
    );
    expect(within(notice).getByRole('link', { name: 'Verify a custom domain' })).toHaveAttribute(
      'href',
      CUSTOM_DOMAIN_PATH,
    );
  });

  it('a stored name that mixes alphabets is withheld, and the notice says so', async () => {
    render({
      profile: ownerNamed(
        {
          issuer: null,
          issuer_proof: null,
          declared_name: null,
          declared_name_withheld: 'mixed_scripts',
        },
        'Нarvard Univеrsity',
      ),
    });
    expect(await identityNotice()).toHaveTextContent(
      'Your organisation name mixes letters of different alphabets, as look-alike names do, so your pages do not show it. Type it in one alphabet.',
    );
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

  it('a name mixing alphabets, refused by the server, is marked on the organisation name', async () => {
    const refusal =
      'Organisation name mixes letters of different alphabets (Cyrillic, Latin), as look-alike names do. Type it in one alphabet.';
    const { user } = render({
      answer: (request) =>
        request.method === 'PATCH'
          ? jsonResponse(
              {
                error: {
                  code: 'validation_failed',
                  message: refusal,
                  details: { organisation_name: [refusal] },
                },
              },
              400,
            )
          : undefined,
    });
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    const name = profile.getByRole('textbox', { name: 'Organisation name' });
    await user.type(name, 'Нarvard Univеrsity');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription(refusal));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('the notice follows the saved profile', async () => {
    const withheld = ownerNamed(
      { issuer: null, issuer_proof: null, declared_name: null, declared_name_withheld: 'shared' },
      'Harvard University',
    );
    let isSaved = false;
    const { user } = render({
      profile: ownerNamed(declaredOnly('Olivia Owner')),
      answer: (request) => {
        if (request.path !== '/api/auth/profile/') return undefined;
        isSaved ||= request.method === 'PATCH';
        return isSaved ? jsonResponse(withheld) : undefined;
      },
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Organisation name' }),
      'Harvard University',
    );
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(await identityNotice()).toHaveTextContent(/^Another account uses a name/);
    expect(screen.queryByText(/When saved, public pages will say/)).not.toBeInTheDocument();
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

  it('a shared user sees how the account is named, and cannot change it', async () => {
    render({
      profile: {
        ...SHARED_USER_PROFILE,
        organisation_name: 'University of X',
        issuer_name: 'University of X',
        issuer_identity: declaredOnly('University of X'),
      },
    });
    const profile = within(await screen.findByRole('form', { name: 'Profile' }));
    expect(profile.getByRole('textbox', { name: 'Organisation name' })).toBeDisabled();
    const notice = await identityNotice();
    expect(notice).toHaveTextContent(
      'This account’s pages say “issued by an account calling itself ‘University of X’” — nothing proves the name is its own. The account owner can verify a custom domain to be named by it.',
    );
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
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
