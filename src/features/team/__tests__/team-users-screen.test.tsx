import { screen, waitFor, within } from '@testing-library/react';

import { OWNER_PROFILE, signedInSession } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  FREE_SUBSCRIPTION,
  planAnswer,
  STARTER_SUBSCRIPTION,
} from '@/testing/subscription-fixtures';
import { NO_ACCESS } from '@common/team';

import { TeamUsersScreen } from '../components/team-users-screen';

import type { TeamMember } from '../api/team-api';

const active: TeamMember = {
  id: 'mem_1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  status: 'active',
  shared_access: { ...NO_ACCESS, verifications: 'edit', templates: 'view' },
  invited_at: '2026-03-01T10:00:00Z',
  invitation_expires_at: null,
  joined_at: '2026-03-02T10:00:00Z',
  last_active_at: '2026-03-05T10:00:00Z',
};
const invited: TeamMember = {
  id: 'mem_2',
  email: 'grace@example.com',
  name: '',
  status: 'invited',
  shared_access: { ...NO_ACCESS, bulk: 'view' },
  invited_at: '2099-03-01T10:00:00Z',
  invitation_expires_at: '2099-03-08T10:00:00Z',
  joined_at: null,
  last_active_at: null,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function render(members: TeamMember[], answer?: (sent: Sent) => Response | undefined) {
  const sent: Sent[] = [];
  mockFetch(async (request) => {
    const text = await request.text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    if (entry.path === '/api/auth/profile/') return jsonResponse(OWNER_PROFILE);
    const custom = answer?.(entry);
    if (custom) return custom;
    if (entry.method === 'GET') return jsonResponse({ count: members.length, results: members });
    if (entry.method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(members[0], entry.method === 'POST' ? 201 : 200);
  });
  const view = renderWithProviders(<TeamUsersScreen />, {
    route: '/settings/users',
    path: '/settings/users',
    preloadedState: { session: signedInSession() },
  });
  return { ...view, sent };
}

async function findDialog(name: RegExp | string) {
  return within(await screen.findByRole('dialog', { name, hidden: true }));
}

describe('team screen', () => {
  it('lists members with their status and a permissions summary', async () => {
    render([active, invited]);

    const table = within(await screen.findByRole('table', { name: 'Team members' }));
    expect(table.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(table.getByText('Active')).toBeInTheDocument();
    expect(table.getByText('Verifications: Edit · Templates: View')).toBeInTheDocument();
    expect(table.getByText('grace@example.com')).toBeInTheDocument();
    expect(table.getByText('Invited')).toBeInTheDocument();
    expect(table.getByText('Bulk operations: View')).toBeInTheDocument();
    expect(
      table.getByRole('button', { name: 'Resend invitation to grace@example.com' }),
    ).toBeInTheDocument();
  });

  it('shows an invitation past its expiry as Expired', async () => {
    render([{ ...invited, invitation_expires_at: '2020-01-01T00:00:00Z' }]);
    expect(await screen.findByText('Expired')).toBeInTheDocument();
  });

  it('explains shared users when there are none', async () => {
    render([]);
    expect(await screen.findByText('No users invited yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
  });

  it('invites with the email and a level per area, and shows the server email error under the field', async () => {
    const { user, sent } = render([], (request) =>
      request.method === 'POST'
        ? jsonResponse(
            {
              error: {
                code: 'validation_error',
                message: 'Check the highlighted fields.',
                details: { email: 'This email already has its own account' },
              },
            },
            400,
          )
        : undefined,
    );

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await findDialog('Invite a user');
    await user.type(dialog.getByRole('textbox', { name: /Email/ }), 'new@example.com');
    await user.click(
      within(dialog.getByRole('group', { name: 'Verifications' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    await user.click(
      within(dialog.getByRole('group', { name: 'Templates' })).getByRole('button', {
        name: 'View',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));

    expect(await dialog.findByText('This email already has its own account')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/team/users/',
      body: {
        email: 'new@example.com',
        shared_access: { ...NO_ACCESS, verifications: 'edit', templates: 'view' },
      },
    });
  });

  it("changes a member's permissions with a PATCH", async () => {
    const { user, sent } = render([active]);

    await user.click(
      await screen.findByRole('button', { name: 'Edit permissions of Ada Lovelace' }),
    );
    const dialog = await findDialog('Permissions of Ada Lovelace');
    await user.click(
      within(dialog.getByRole('group', { name: 'Integrations' })).getByRole('button', {
        name: 'View',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/team/users/mem_1/',
        body: { shared_access: { ...active.shared_access, integrations: 'view' } },
      }),
    );
  });

  it('asks before removing a member, then DELETEs', async () => {
    const { user, sent } = render([active]);

    await user.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    const dialog = await findDialog('Remove Ada Lovelace?');
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'DELETE')?.path).toBe(
        '/api/team/users/mem_1/',
      ),
    );
  });

  it('checks the email before sending an invitation', async () => {
    const { user, sent } = render([]);

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await findDialog('Invite a user');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText('Email is required')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /Email/ }), 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText('Invalid email address')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('resends an invitation and says so', async () => {
    const { user, sent } = render([invited]);

    await user.click(
      await screen.findByRole('button', { name: 'Resend invitation to grace@example.com' }),
    );

    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.path).toBe(
        '/api/team/users/mem_2/resend/',
      ),
    );
    expect(
      await screen.findByText('We emailed a new invitation to grace@example.com.'),
    ).toBeInTheDocument();
  });
});

describe('team seats', () => {
  it('says how many seats the plan has and, once they are taken, offers Plans instead of Invite', async () => {
    render([active], planAnswer(FREE_SUBSCRIPTION));

    expect(await screen.findByText('1 of 1 team member on your Free plan')).toBeInTheDocument();
    const notice = await screen.findByRole('region', {
      name: "Your Free plan's seats are all taken",
    });
    expect(notice).toHaveTextContent(
      'Your plan allows 1 team member besides you, and 1 is invited or joined. Remove someone to invite another, or change plan. The Starter plan allows 3 team members.',
    );
    expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  it('with seats left: the count, and Invite', async () => {
    render([active], planAnswer(STARTER_SUBSCRIPTION));

    expect(await screen.findByText('1 of 3 team members on your Starter plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /seats are all taken/ })).not.toBeInTheDocument();
  });
});
