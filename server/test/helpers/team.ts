// Shared users for the route tests: written straight to the database as an accepted invitation would leave them
// (the invitation flow has its own tests), with a fresh token pair.
import { randomUUID } from 'node:crypto';

import { NO_ACCESS, type SharedAccess } from '@common/team';

import { issueTokens } from '../../src/services/auth/issue-tokens';

import type { TestUser } from './verifications';
import type { FastifyInstance } from 'fastify';

export interface SharedTestUser extends TestUser {
  memberId: string;
}

export const EDIT_ALL: SharedAccess = {
  verifications: 'edit',
  bulk: 'edit',
  templates: 'edit',
  integrations: 'edit',
  custom_domain: 'edit',
};

export const VIEW_ALL: SharedAccess = {
  verifications: 'view',
  bulk: 'view',
  templates: 'view',
  integrations: 'view',
  custom_domain: 'view',
};

export { NO_ACCESS };

export async function sharedUser(
  app: FastifyInstance,
  owner: TestUser,
  access: Partial<SharedAccess>,
  { email = `shared-${randomUUID().slice(0, 8)}@example.com`, firstName = 'Sam' } = {},
): Promise<SharedTestUser> {
  const now = new Date();
  const { id } = await app.db
    .insertInto('users')
    .values({
      email,
      first_name: firstName,
      last_name: 'Shared',
      password_hash: null,
      email_verified_at: now,
      industry: null,
      referrer: null,
      journey: null,
      sign_up_method: 'password',
      password_reset_expires_at: null,
      owner_id: owner.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = await app.db
    .insertInto('team_members')
    .values({
      account_id: owner.id,
      email,
      user_id: id,
      shared_access: JSON.stringify({ ...NO_ACCESS, ...access }),
      status: 'active',
      invitation_token_hash: null,
      invitation_expires_at: null,
      joined_at: now,
      last_active_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = await issueTokens(app.db, app.config, id);
  return {
    id,
    email,
    memberId: member.id,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  };
}

export function invite(
  app: FastifyInstance,
  owner: TestUser,
  email: string,
  access: Partial<SharedAccess> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/team/users/',
    headers: owner.headers,
    payload: { email, shared_access: access },
  });
}

/** The invitation token in the link of the latest mail to this address. */
export function invitationTokenIn(text: string): string {
  const token = /\/signup\?invitation=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No invitation link in: ${text}`);
  return token;
}
