// The owner's team API: inviting (and who cannot be invited), the invitation mail and its link, changing
// permissions (effective on the member's next request), removing, sending again, and the audit log.
import { passwordGrant, refreshGrant } from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import {
  EDIT_ALL,
  invitationTokenIn,
  invite,
  NO_ACCESS,
  sharedUser,
  VIEW_ALL,
} from '../../../helpers/team';
import { createTemplate } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const PUBLIC_URL = 'https://verify.example.com';

let mail: MailCapture;
let app: FastifyInstance;
let owner: TestUser;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl, PUBLIC_URL } });
  owner = await signedInUser(app, { email: 'olivia@example.com', firstName: 'Olivia' });
});

afterEach(async () => {
  await app.close();
});

function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: user.headers, payload });
}

async function mailedToken(email: string, count = 1): Promise<string> {
  const messages = await mail.waitFor(email, count);
  return invitationTokenIn(messages[count - 1].text);
}

describe('inviting', () => {
  test('answers the invited member and mails a single-use sign-up link valid 7 days', async () => {
    const before = Date.now();
    const response = await invite(app, owner, ' Sam@Example.com ', { verifications: 'edit' });

    expect(response.statusCode).toBe(201);
    const member = response.json();
    expect(member).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'sam@example.com',
      name: '',
      status: 'invited',
      shared_access: { ...NO_ACCESS, verifications: 'edit' },
      invited_at: expect.any(String),
      invitation_expires_at: expect.any(String),
      joined_at: null,
      last_active_at: null,
    });
    const lifetime = Date.parse(member.invitation_expires_at) - before;
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000 + 60_000);

    const [message] = await mail.waitFor('sam@example.com');
    expect(message.subject).toBe('Olivia Hopper invited you to their team on QR Verify');
    expect(message.text).toContain(`${PUBLIC_URL}/signup?invitation=`);
    const token = invitationTokenIn(message.text);
    // Only its hash is kept.
    const stored = await app.db.selectFrom('team_members').selectAll().executeTakeFirstOrThrow();
    expect(stored.invitation_token_hash).not.toContain(token);

    const details = await app.inject({ url: `/api/team/invitations/${token}/` });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      email: 'sam@example.com',
      owner: { email: 'olivia@example.com', first_name: 'Olivia', last_name: 'Hopper' },
    });
  });

  test('lists members and invitations, newest first', async () => {
    const member = await sharedUser(app, owner, VIEW_ALL, { email: 'max@example.com' });
    await invite(app, owner, 'sam@example.com');

    const response = await call(owner, 'GET', '/api/team/users/');

    expect(response.statusCode).toBe(200);
    const { count, results } = response.json();
    expect(count).toBe(2);
    expect(
      results.map((row: { email: string; status: string }) => [row.email, row.status]),
    ).toEqual([
      ['sam@example.com', 'invited'],
      ['max@example.com', 'active'],
    ]);
    expect(results[1]).toMatchObject({
      id: member.memberId,
      name: 'Sam Shared',
      shared_access: VIEW_ALL,
      joined_at: expect.any(String),
      invitation_expires_at: null,
    });
    // Another owner's team is their own.
    const other = await signedInUser(app);
    expect((await call(other, 'GET', '/api/team/users/')).json()).toEqual({
      count: 0,
      results: [],
    });
  });

  test.each([
    ['the owner’s own email', 'olivia@example.com', 'already_on_team'],
    ['an email already invited', 'sam@example.com', 'already_on_team'],
    ['a member of this team', 'max@example.com', 'already_on_team'],
    ['an email with its own account', 'bob@example.com', 'email_has_own_account'],
    ['a member of another team', 'eve@example.com', 'member_of_another_team'],
  ])('refuses %s under details.email', async (_case, email, code) => {
    await invite(app, owner, 'sam@example.com');
    await sharedUser(app, owner, VIEW_ALL, { email: 'max@example.com' });
    await signedInUser(app, { email: 'bob@example.com' });
    await sharedUser(app, await signedInUser(app), VIEW_ALL, { email: 'eve@example.com' });

    const response = await invite(app, owner, email);

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code, details: { email: [expect.any(String)] } });
  });

  test('an email with its own account is refused in the spec’s words', async () => {
    await signedInUser(app, { email: 'bob@example.com' });

    const response = await invite(app, owner, 'bob@example.com');

    expect(response.json().error.details.email).toEqual(['This email already has its own account']);
  });

  test('an unknown area or level is a 400, not a silent grant', async () => {
    const response = await invite(app, owner, 'sam@example.com', { billing: 'edit' } as object);

    expect(response.statusCode).toBe(400);
    expect(await app.db.selectFrom('team_members').selectAll().execute()).toEqual([]);
  });
});

describe('invitation links', () => {
  test('an expired, withdrawn or made-up link is a 404', async () => {
    const { id } = (await invite(app, owner, 'sam@example.com')).json();
    const token = await mailedToken('sam@example.com');
    await invite(app, owner, 'kim@example.com');
    const kimToken = await mailedToken('kim@example.com');

    await app.db
      .updateTable('team_members')
      .set({ invitation_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'kim@example.com')
      .execute();
    expect((await call(owner, 'DELETE', `/api/team/users/${id}/`)).statusCode).toBe(204);

    for (const dead of [token, kimToken, 'not-a-token']) {
      const response = await app.inject({ url: `/api/team/invitations/${dead}/` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  test('sending again mails a new link and the old one stops working', async () => {
    const { id } = (await invite(app, owner, 'sam@example.com')).json();
    const first = await mailedToken('sam@example.com');

    const resent = await call(owner, 'POST', `/api/team/users/${id}/resend/`);

    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id, status: 'invited' });
    const second = await mailedToken('sam@example.com', 2);
    expect(second).not.toBe(first);
    expect((await app.inject({ url: `/api/team/invitations/${first}/` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/team/invitations/${second}/` })).statusCode).toBe(200);
  });

  test('sending again is limited, and refused for a member who joined', async () => {
    const { id } = (await invite(app, owner, 'sam@example.com')).json();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await call(owner, 'POST', `/api/team/users/${id}/resend/`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const member = await sharedUser(app, owner, VIEW_ALL);
    const joined = await call(owner, 'POST', `/api/team/users/${member.memberId}/resend/`);
    expect(joined.statusCode).toBe(400);
    expect(joined.json().error.code).toBe('member_already_joined');
  });
});

describe('permissions', () => {
  test('a change applies on the member’s very next request', async () => {
    const member = await sharedUser(app, owner, { templates: 'view' });
    expect((await call(member, 'GET', '/api/templates/')).statusCode).toBe(200);
    const refused = await call(member, 'POST', '/api/templates/', { name: 'Diplomas' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'permission_denied',
      message: 'You can view templates but not change them. Ask the account owner for edit access.',
    });

    const raised = await call(owner, 'PATCH', `/api/team/users/${member.memberId}/`, {
      shared_access: { templates: 'edit' },
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().shared_access).toEqual({ ...NO_ACCESS, templates: 'edit' });
    expect((await call(member, 'POST', '/api/templates/', { name: 'Diplomas' })).statusCode).toBe(
      201,
    );

    // Areas left out keep their level.
    await call(owner, 'PATCH', `/api/team/users/${member.memberId}/`, {
      shared_access: { verifications: 'view' },
    });
    const lowered = await call(owner, 'PATCH', `/api/team/users/${member.memberId}/`, {
      shared_access: { templates: 'none' },
    });
    expect(lowered.json().shared_access).toEqual({ ...NO_ACCESS, verifications: 'view' });
    const none = await call(member, 'GET', '/api/templates/');
    expect(none.statusCode).toBe(403);
    expect(none.json().error.message).toBe("You don't have access to templates.");
  });

  test('a shared user works on the owner’s data, not on an account of their own', async () => {
    const template = await createTemplate(app, owner, { name: 'Owner’s' });
    const member = await sharedUser(app, owner, EDIT_ALL);

    const list = await call(member, 'GET', '/api/templates/');
    expect(list.json().results.map((row: { name: string }) => row.name)).toEqual([
      'Default',
      'Owner’s',
    ]);
    const renamed = await call(member, 'PATCH', `/api/templates/${template.id}/`, { name: 'Ours' });
    expect(renamed.statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/templates/${template.id}/`)).json().name).toBe('Ours');
  });

  test('team management is the owner’s alone, whatever the member’s permissions', async () => {
    const member = await sharedUser(app, owner, EDIT_ALL);

    const response = await call(member, 'GET', '/api/team/users/');

    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'permission_denied',
      message: 'Only the account owner can do this.',
    });
  });

  test('last_active_at follows the member’s requests', async () => {
    const member = await sharedUser(app, owner, VIEW_ALL);
    await call(member, 'GET', '/api/verifications/');

    const { results } = (await call(owner, 'GET', '/api/team/users/')).json();

    expect(Date.now() - Date.parse(results[0].last_active_at)).toBeLessThan(60_000);
  });

  test('another owner’s member is a 404', async () => {
    const other = await signedInUser(app);
    const member = await sharedUser(app, other, VIEW_ALL);

    for (const [method, url] of [
      ['PATCH', `/api/team/users/${member.memberId}/`],
      ['DELETE', `/api/team/users/${member.memberId}/`],
      ['POST', `/api/team/users/${member.memberId}/resend/`],
    ] as const) {
      const response = await call(
        owner,
        method,
        url,
        method === 'PATCH' ? { shared_access: {} } : undefined,
      );
      expect([method, response.statusCode]).toEqual([method, 404]);
    }
  });
});

describe('removing a member', () => {
  test('revokes their tokens at once and stops them signing in again', async () => {
    const member = await sharedUser(app, owner, EDIT_ALL);
    const password = 'Correct-horse-9';
    await app.db
      .updateTable('users')
      .set({ password_hash: await app.passwordHasher.hash(password) })
      .where('id', '=', member.id)
      .execute();
    const signedIn = await passwordGrant(app, member.email, password);
    expect(signedIn.statusCode).toBe(200);
    const { refresh_token: refreshToken } = signedIn.json();

    expect((await call(owner, 'DELETE', `/api/team/users/${member.memberId}/`)).statusCode).toBe(
      204,
    );

    expect((await call(member, 'GET', '/api/verifications/')).statusCode).toBe(401);
    expect((await call(member, 'GET', '/api/auth/profile/')).statusCode).toBe(401);
    expect((await refreshGrant(app, refreshToken)).json().error).toBe('invalid_grant');
    const again = await passwordGrant(app, member.email, password);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'You are no longer on this team. Ask its owner to invite you again.',
    });
    expect((await call(owner, 'GET', '/api/team/users/')).json().count).toBe(0);
  });
});

describe('audit log', () => {
  test('records the team’s changes, newest first, page by page', async () => {
    const { id } = (await invite(app, owner, 'sam@example.com')).json();
    await call(owner, 'PATCH', `/api/team/users/${id}/`, { shared_access: { bulk: 'view' } });
    await call(owner, 'POST', `/api/team/users/${id}/resend/`);
    await call(owner, 'DELETE', `/api/team/users/${id}/`);

    const first = await call(owner, 'GET', '/api/team/audit/?page_size=3');

    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ count: 4, page: 1, page_size: 3 });
    expect(page.results.map((entry: { action: string }) => entry.action)).toEqual([
      'team_member.removed',
      'team_member.invitation_resent',
      'team_member.access_changed',
    ]);
    expect(page.results[0]).toEqual({
      id: expect.any(String),
      occurred_at: expect.any(String),
      actor: { email: 'olivia@example.com', name: 'Olivia Hopper' },
      action: 'team_member.removed',
      object: { type: 'team_member', id, name: 'sam@example.com' },
    });
    const second = (await call(owner, 'GET', '/api/team/audit/?page=2&page_size=3')).json();
    expect(second.results.map((entry: { action: string }) => entry.action)).toEqual([
      'team_member.invited',
    ]);
    const other = await signedInUser(app);
    expect((await call(other, 'GET', '/api/team/audit/')).json().count).toBe(0);
  });
});

describe('audit log of a deleted user', () => {
  test('keeps the entries of a user since deleted, with no actor', async () => {
    const member = await sharedUser(app, owner, EDIT_ALL);
    await createTemplate(app, member, { name: 'Member template' });
    await app.db.deleteFrom('team_members').where('id', '=', member.memberId).execute();
    await app.db.deleteFrom('users').where('email', '=', member.email).execute();

    const { results } = (await call(owner, 'GET', '/api/team/audit/')).json();
    expect(results).toEqual([expect.objectContaining({ action: 'template.created', actor: null })]);
  });
});

describe('limits', () => {
  test('RATE_LIMIT_TEAM_INVITES_PER_ACCOUNT caps the invitations one account sends a minute', async () => {
    await app.close();
    app = await createTestApp({
      env: { SMTP_URL: mail.smtpUrl, PUBLIC_URL, RATE_LIMIT_TEAM_INVITES_PER_ACCOUNT: '2' },
    });
    owner = await signedInUser(app, { email: 'olivia@example.com' });
    const other = await signedInUser(app);

    const statuses = [];
    for (const name of ['a', 'b', 'c']) {
      statuses.push((await invite(app, owner, `${name}@example.com`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await invite(app, other, 'd@example.com')).statusCode).toBe(201);
  });
});
