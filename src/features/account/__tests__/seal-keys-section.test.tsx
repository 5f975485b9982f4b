import { screen, waitFor, within } from '@testing-library/react';

import type { SessionState } from '@/lib/session/session-slice';
import {
  OWNER_PROFILE,
  SHARED_ACCESS,
  SHARED_USER_PROFILE,
  sharedUserSession,
  signedInSession,
} from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';

import { AccountScreen } from '../components/account-screen';
import { SealKeysSection } from '../components/seal-keys-section';

import type { UserProfile } from '../api/account-api';
import type { SealKey } from '../api/seal-keys-api';

const ACTIVE: SealKey = {
  kid: 'q1w2e3r4t5y',
  status: 'active',
  created_at: '2026-11-20T09:00:00Z',
  retired_at: null,
  revoked_at: null,
  seal_count: 12,
};
const RETIRED: SealKey = {
  kid: 'a1s2d3f4g5h',
  status: 'retired',
  created_at: '2026-03-01T09:00:00Z',
  retired_at: '2026-11-20T09:00:00Z',
  revoked_at: null,
  seal_count: 340,
};
const REVOKED: SealKey = {
  kid: 'z1x2c3v4b5n',
  status: 'revoked',
  created_at: '2025-01-01T09:00:00Z',
  retired_at: '2026-03-01T09:00:00Z',
  revoked_at: '2026-02-14T18:30:00Z',
  seal_count: 1,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A server with these keys: rotating retires the active key and adds a new one; revoking marks the key. Answers
 * `refuse` (when given) to the actions instead.
 */
function serve(initial: SealKey[] | Response, { refuse }: { refuse?: Response } = {}) {
  const sent: Sent[] = [];
  let keys = initial;
  let profile: UserProfile = OWNER_PROFILE;
  mockFetch(async (request) => {
    const text = await request.text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    if (entry.path === '/api/seals/keys/') {
      return keys instanceof Response ? keys.clone() : jsonResponse({ keys });
    }
    if (entry.method === 'POST' && refuse) return refuse.clone();
    if (entry.path === '/api/seals/keys/rotate/' && Array.isArray(keys)) {
      const fresh: SealKey = { ...ACTIVE, kid: 'n3wk3y0000a', seal_count: 0 };
      keys = [
        fresh,
        ...keys.map((key) =>
          key.status === 'active'
            ? { ...key, status: 'retired' as const, retired_at: '2026-11-25T09:00:00Z' }
            : key,
        ),
      ];
      return jsonResponse(fresh, 201);
    }
    const revoked = /^\/api\/seals\/keys\/([^/]+)\/revoke\/$/.exec(entry.path);
    if (revoked && Array.isArray(keys)) {
      const revokedAt =
        (entry.body as { revoked_at?: string }).revoked_at ?? '2026-11-25T10:00:00Z';
      keys = keys.map((key) =>
        key.kid === revoked[1]
          ? { ...key, status: 'revoked' as const, revoked_at: revokedAt }
          : key,
      );
      return jsonResponse(keys.find((key) => key.kid === revoked[1]));
    }
    if (entry.path === '/api/auth/profile/') return jsonResponse(profile);
    if (entry.path === '/api/auth/sessions/') return jsonResponse({ results: [] });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return {
    sent,
    useProfile(next: UserProfile) {
      profile = next;
    },
  };
}

function renderSection() {
  return renderWithProviders(<SealKeysSection canManage />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
}

function section() {
  return within(screen.getByRole('region', { name: 'Seal keys' }));
}

function keyRow(kid: string) {
  return within(section().getByRole('listitem', { name: `Key ${kid}` }));
}

it('shows the current key with its date and seals, and older keys with their status', async () => {
  serve([ACTIVE, RETIRED, REVOKED]);
  renderSection();

  expect(await screen.findByText(ACTIVE.kid)).toBeInTheDocument();
  const current = keyRow(ACTIVE.kid);
  expect(current.getByText(/^Created 20 November 2026, .* · 12 seals$/)).toBeInTheDocument();
  expect(current.getByText('Active')).toBeInTheDocument();
  expect(keyRow(RETIRED.kid).getByText('Retired')).toBeInTheDocument();
  expect(
    keyRow(RETIRED.kid).getByText(/^Retired 20 November 2026, .*: its seals keep verifying\.$/),
  ).toBeInTheDocument();
  expect(keyRow(RETIRED.kid).getByText(/· 340 seals$/)).toBeInTheDocument();
  expect(keyRow(REVOKED.kid).getByText('Revoked')).toBeInTheDocument();
  expect(
    keyRow(REVOKED.kid).getByText(
      /^Revoked from 14 February 2026, .*: seals made since then fail\.$/,
    ),
  ).toBeInTheDocument();
  expect(keyRow(REVOKED.kid).getByText(/· 1 seal$/)).toBeInTheDocument();
  // A revoked key has nothing left to revoke.
  expect(keyRow(REVOKED.kid).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  expect(section().getByRole('button', { name: 'Rotate key' })).toBeInTheDocument();
});

it('rotates after a confirmation that says old seals keep verifying', async () => {
  const { sent } = serve([ACTIVE]);
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Rotate key' }));

  const dialog = within(screen.getByRole('dialog', { name: 'Rotate your seal key?' }));
  expect(
    dialog.getByText(/Codes sealed with the current key keep verifying everywhere/),
  ).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Rotate key' }));

  expect(await screen.findByText('n3wk3y0000a')).toBeInTheDocument();
  expect(keyRow(ACTIVE.kid).getByText(/^Retired 25 November 2026/)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sent.filter((entry) => entry.method === 'POST')).toEqual([
    { method: 'POST', path: '/api/seals/keys/rotate/', body: null },
  ]);
});

it('cancelling the rotation changes nothing', async () => {
  const { sent } = serve([ACTIVE]);
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Rotate key' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.filter((entry) => entry.method === 'POST')).toEqual([]);
});

it('revokes from now after explaining that later seals fail everywhere, offline scanners included', async () => {
  const { sent } = serve([ACTIVE, RETIRED]);
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: `Revoke key ${RETIRED.kid}` }));

  const dialog = within(screen.getByRole('dialog', { name: `Revoke key ${RETIRED.kid}?` }));
  expect(
    dialog.getByText(/fail everywhere: .* in offline scanners after their next sync/),
  ).toBeInTheDocument();
  expect(dialog.queryByText(/A new key signs your codes from now on/)).not.toBeInTheDocument();
  expect(dialog.getByRole('radio', { name: 'From now' })).toBeChecked();
  await user.click(dialog.getByRole('button', { name: 'Revoke key' }));

  // The list behind a modal dialog is hidden from assistive technology until it closes.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(
    await keyRow(RETIRED.kid).findByText(/^Revoked from 25 November 2026/),
  ).toBeInTheDocument();
  // Left out, the server takes its own now.
  expect(sent.filter((entry) => entry.method === 'POST')).toEqual([
    { method: 'POST', path: `/api/seals/keys/${RETIRED.kid}/revoke/`, body: {} },
  ]);
});

it('revokes from an earlier time, sent as an instant', async () => {
  const { sent } = serve([ACTIVE]);
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: `Revoke key ${ACTIVE.kid}` }));
  const dialog = within(screen.getByRole('dialog'));
  expect(dialog.getByText(/A new key signs your codes from now on\.$/)).toBeInTheDocument();
  await user.click(dialog.getByRole('radio', { name: /From an earlier time/ }));
  const input = dialog.getByLabelText('Seals fail from');
  await user.clear(input);
  await user.type(input, '2026-11-23T14:05');
  await user.click(dialog.getByRole('button', { name: 'Revoke key' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.filter((entry) => entry.method === 'POST')).toEqual([
    {
      method: 'POST',
      path: `/api/seals/keys/${ACTIVE.kid}/revoke/`,
      body: { revoked_at: new Date('2026-11-23T14:05').toISOString() },
    },
  ]);
});

it('refuses a time in the future and sends nothing', async () => {
  const { sent } = serve([ACTIVE]);
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: `Revoke key ${ACTIVE.kid}` }));
  const dialog = within(screen.getByRole('dialog'));
  await user.click(dialog.getByRole('radio', { name: /From an earlier time/ }));
  const input = dialog.getByLabelText('Seals fail from');
  await user.clear(input);
  await user.type(input, '2999-01-01T00:00');
  await user.click(dialog.getByRole('button', { name: 'Revoke key' }));

  expect(
    dialog.getByText('Choose a time that has passed, or revoke from now.'),
  ).toBeInTheDocument();
  expect(sent.filter((entry) => entry.method === 'POST')).toEqual([]);
});

it('shows the server’s refusal in the dialog', async () => {
  serve([ACTIVE], {
    refuse: jsonResponse(
      { error: { code: 'permission_denied', message: 'Only the account owner can do this.' } },
      403,
    ),
  });
  const { user } = renderSection();
  await user.click(await screen.findByRole('button', { name: 'Rotate key' }));
  const dialog = within(screen.getByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Rotate key' }));

  expect(await dialog.findByText('Only the account owner can do this.')).toBeInTheDocument();
});

it('says when a key will be made, before the first sealed document', async () => {
  serve([]);
  renderSection();

  expect(
    await screen.findByText(
      'No key yet. A key is made when you secure your first sealed document.',
    ),
  ).toBeInTheDocument();
  expect(section().queryByRole('button', { name: 'Rotate key' })).not.toBeInTheDocument();
});

it('says that the next sealed document makes a key when every key is revoked', async () => {
  serve([REVOKED]);
  renderSection();

  expect(await screen.findByText(/No key signs new codes now/)).toBeInTheDocument();
  expect(section().queryByRole('button', { name: 'Rotate key' })).not.toBeInTheDocument();
});

it('shows a load failure with a retry', async () => {
  let failures = 1;
  mockFetch(async () => {
    if (failures-- > 0) {
      return jsonResponse({ error: { code: 'internal_error', message: 'Boom' } }, 500);
    }
    return jsonResponse({ keys: [ACTIVE] });
  });
  const { user } = renderSection();

  expect(await screen.findByText('Your seal keys could not be loaded')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(ACTIVE.kid)).toBeInTheDocument();
});

it('is on the owner’s account screen, and not on a shared user’s who may not view the custom domain', async () => {
  const server = serve([ACTIVE]);
  const owner = renderWithProviders(<AccountScreen />, {
    preloadedState: { session: signedInSession() as SessionState },
  });
  expect(await screen.findByRole('region', { name: 'Seal keys' })).toBeInTheDocument();
  owner.unmount();

  server.useProfile(SHARED_USER_PROFILE);
  renderWithProviders(<AccountScreen />, {
    preloadedState: { session: sharedUserSession() as SessionState },
  });
  expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Seal keys' })).not.toBeInTheDocument(),
  );
  expect(server.sent.filter((entry) => entry.path === '/api/seals/keys/')).toHaveLength(1);
});

it('shows a shared user who may view the custom domain the keys, without the owner’s actions', async () => {
  const server = serve([ACTIVE, RETIRED]);
  server.useProfile(SHARED_USER_PROFILE);
  renderWithProviders(<AccountScreen />, {
    preloadedState: {
      session: sharedUserSession({
        sharedUserAccess: { ...SHARED_ACCESS, custom_domain: 'view' },
      }) as SessionState,
    },
  });

  expect(await screen.findByText(ACTIVE.kid)).toBeInTheDocument();
  expect(keyRow(RETIRED.kid).getByText(/^Retired 20 November 2026/)).toBeInTheDocument();
  expect(
    section().getByText('Only the account owner can rotate or revoke keys.'),
  ).toBeInTheDocument();
  expect(section().queryByRole('button')).not.toBeInTheDocument();
});
