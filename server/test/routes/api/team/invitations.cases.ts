// Accepting an invitation: POST /api/auth/register/ with the link's token makes the shared user and signs them in
// at once; the link works once, for the invited email, for 7 days, and dies when it is sent again or withdrawn.
import { GOOD_PASSWORD, getProfile, register } from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { invitationTokenIn, invite, NO_ACCESS, VIEW_ALL } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

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
  app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl } });
  owner = await signedInUser(app, { email: 'olivia@example.com', firstName: 'Olivia' });
});

afterEach(async () => {
  await app.close();
});

/** Invites the email and answers the id and the token of the link mailed to it. */
async function invited(
  email = 'sam@example.com',
  access = VIEW_ALL,
): Promise<{ id: string; token: string }> {
  const response = await invite(app, owner, email, access);
  if (response.statusCode !== 201) throw new Error(`invite: ${response.body}`);
  const count = mail.to(email).length + 1;
  const messages = await mail.waitFor(email, count);
  return { id: response.json().id, token: invitationTokenIn(messages[count - 1].text) };
}

function accept(token: string, email = 'sam@example.com') {
  return register(app, { first_name: 'Sam Shared', email, invitation: token });
}

function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
}

async function expectInvalid(token: string, email?: string) {
  const response = await accept(token, email);
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toEqual({
    code: 'invitation_invalid',
    message: 'This invitation link is invalid, used or expired. Ask for a new one.',
    details: {
      invitation: ['This invitation link is invalid, used or expired. Ask for a new one.'],
    },
  });
}

describe('accepting', () => {
  test('signs the invitee in at once, on the owner’s account, with no code to confirm', async () => {
    const verification = await createVerification(app, owner, { title: 'Owner’s diploma' });
    const { id, token } = await invited('sam@example.com', { ...NO_ACCESS, verifications: 'view' });

    const response = await accept(token);

    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      status: 201,
      data: { message: "Welcome to Olivia Hopper's team on QR Verify." },
      tokens: {
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: expect.any(Number),
        token_type: 'Bearer',
      },
    });
    // Only the invitation was mailed: no verification code.
    expect(mail.to('sam@example.com')).toHaveLength(1);

    const profile = await getProfile(app, body.tokens.access_token);
    expect(profile.json()).toEqual({
      email: 'sam@example.com',
      first_name: 'Sam Shared',
      last_name: '',
      has_custom_domain: false,
      industry: null,
      organisation_name: null,
      issuer_name: 'Olivia Hopper',
      issuer_identity: {
        issuer: null,
        issuer_proof: null,
        declared_name: 'Olivia Hopper',
        declared_name_withheld: null,
      },
      has_password: true,
      pending_email: null,
      delete_after: null,
      is_shared: true,
      shared_access: { ...NO_ACCESS, verifications: 'view' },
      owner_user: { email: 'olivia@example.com', first_name: 'Olivia', last_name: 'Hopper' },
    });
    const list = await app.inject({
      url: '/api/verifications/',
      headers: bearer(body.tokens.access_token),
    });
    expect(list.json().results.map((row: { id: string }) => row.id)).toEqual([verification.id]);

    const members = (await app.inject({ url: '/api/team/users/', headers: owner.headers })).json();
    expect(members.results).toEqual([
      expect.objectContaining({
        id,
        name: 'Sam Shared',
        status: 'active',
        joined_at: expect.any(String),
        invitation_expires_at: null,
      }),
    ]);
    const audit = (await app.inject({ url: '/api/team/audit/', headers: owner.headers })).json();
    expect(audit.results[0]).toMatchObject({
      action: 'team_member.joined',
      actor: { email: 'sam@example.com', name: 'Sam Shared' },
      object: { type: 'team_member', id, name: 'sam@example.com' },
    });
  });

  test('an owner’s profile says it is no shared user', async () => {
    const profile = await getProfile(app, owner.headers.authorization.slice('Bearer '.length));

    expect(profile.json()).toMatchObject({
      is_shared: false,
      shared_access: null,
      owner_user: null,
    });
  });

  test('the link works once', async () => {
    const { token } = await invited();
    expect((await accept(token)).statusCode).toBe(201);

    await expectInvalid(token);
    expect((await app.inject({ url: `/api/team/invitations/${token}/` })).statusCode).toBe(404);
  });

  test('only for the invited email, which it leaves unused otherwise', async () => {
    const { token } = await invited();

    const response = await accept(token, 'someone.else@example.com');

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invitation_email_mismatch',
      details: { email: ['Sign up with the email address the invitation was sent to.'] },
    });
    expect(
      await app.db.selectFrom('users').where('email', '=', 'someone.else@example.com').execute(),
    ).toEqual([]);
    expect((await accept(token)).statusCode).toBe(201);
  });

  test('not after 7 days', async () => {
    const { token } = await invited();
    await app.db
      .updateTable('team_members')
      .set({ invitation_expires_at: new Date(Date.now() - 1000) })
      .execute();

    await expectInvalid(token);
  });

  test('not once sent again: only the new link works', async () => {
    const { id, token: old } = await invited();
    await app.inject({
      method: 'POST',
      url: `/api/team/users/${id}/resend/`,
      headers: owner.headers,
    });
    const messages = await mail.waitFor('sam@example.com', 2);
    const fresh = invitationTokenIn(messages[1].text);

    await expectInvalid(old);
    expect((await accept(fresh)).statusCode).toBe(201);
  });

  test('not once withdrawn', async () => {
    const { id, token } = await invited();
    await app.inject({ method: 'DELETE', url: `/api/team/users/${id}/`, headers: owner.headers });

    await expectInvalid(token);
  });

  test('not for an email that has its own account meanwhile', async () => {
    const { token } = await invited();
    await signedInUser(app, { email: 'sam@example.com' });

    const response = await accept(token);

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'email_has_own_account',
      details: { email: ['This email already has its own account'] },
    });
  });

  test('a removed member can be invited and join again, as the same user', async () => {
    const first = await invited();
    const joined = (await accept(first.token)).json();
    const userId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'sam@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    await app.inject({
      method: 'DELETE',
      url: `/api/team/users/${first.id}/`,
      headers: owner.headers,
    });
    expect((await getProfile(app, joined.tokens.access_token)).statusCode).toBe(401);

    const second = await invited();
    const rejoined = await register(app, {
      first_name: 'Sam Again',
      email: 'sam@example.com',
      password: GOOD_PASSWORD,
      invitation: second.token,
    });

    expect(rejoined.statusCode).toBe(201);
    const profile = await getProfile(app, rejoined.json().tokens.access_token);
    expect(profile.json()).toMatchObject({ first_name: 'Sam Again', is_shared: true });
    const users = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sam@example.com')
      .execute();
    expect(users).toEqual([{ id: userId }]);
  });
});
