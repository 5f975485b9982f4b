// The organisation name: set on the profile by the account's owner, it is the issuer every public page names
// (the JSON and the /v page, through the public-page cache), whoever on the team created the verification.
import { EDIT_ALL, sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let owner: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  owner = await signedInUser(app, { firstName: 'Jane', lastName: 'Smith' });
});

afterEach(async () => {
  await app.close();
});

function patchProfile(user: TestUser, changes: Record<string, unknown>) {
  return app.inject({
    method: 'PATCH',
    url: '/api/auth/profile/',
    headers: user.headers,
    payload: changes,
  });
}

async function publicIssuer(code: string): Promise<string> {
  const response = await app.inject({ url: `/api/public/verifications/${code}/` });
  expect(response.statusCode).toBe(200);
  return response.json<{ issuer: { name: string } }>().issuer.name;
}

async function pageText(code: string): Promise<string> {
  const response = await app.inject({ url: `/v/${code}` });
  expect(response.statusCode).toBe(200);
  return response.body;
}

test('until set, the profile has no organisation name and pages name the owner', async () => {
  const profile = await app.inject({ url: '/api/auth/profile/', headers: owner.headers });
  expect(profile.json()).toMatchObject({ organisation_name: null, issuer_name: 'Jane Smith' });
  const { code } = await createVerification(app, owner);
  expect(await publicIssuer(code)).toBe('Jane Smith');
});

test('renaming the organisation changes the issuer on pages already viewed (cached)', async () => {
  const { code } = await createVerification(app, owner);
  expect(await publicIssuer(code)).toBe('Jane Smith');
  expect(await pageText(code)).toContain('Jane Smith');

  const response = await patchProfile(owner, { organisation_name: '  University of X  ' });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    organisation_name: 'University of X',
    issuer_name: 'University of X',
  });
  expect(await publicIssuer(code)).toBe('University of X');
  expect(await pageText(code)).toContain('University of X');
});

test('clearing it goes back to the owner’s name, and renaming the owner then shows', async () => {
  const { code } = await createVerification(app, owner);
  await patchProfile(owner, { organisation_name: 'University of X' });
  expect(await publicIssuer(code)).toBe('University of X');

  expect((await patchProfile(owner, { organisation_name: '' })).json()).toMatchObject({
    organisation_name: null,
    issuer_name: 'Jane Smith',
  });
  expect(await publicIssuer(code)).toBe('Jane Smith');
  await patchProfile(owner, { first_name: 'Janet' });
  expect(await publicIssuer(code)).toBe('Janet Smith');
});

test('a shared user’s verification names the organisation, and only the owner may rename it', async () => {
  await patchProfile(owner, { organisation_name: 'University of X' });
  const member = await sharedUser(app, owner, EDIT_ALL);
  const { code } = await createVerification(app, member);
  expect(await publicIssuer(code)).toBe('University of X');

  const profile = await app.inject({ url: '/api/auth/profile/', headers: member.headers });
  expect(profile.json()).toMatchObject({
    organisation_name: 'University of X',
    issuer_name: 'University of X',
  });
  const refused = await patchProfile(member, { organisation_name: 'Sam’s Shop' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.details.organisation_name).toEqual([
    'The organisation name is the account owner’s to change. Ask them to change it.',
  ]);
  // Their own name is theirs to change.
  expect((await patchProfile(member, { first_name: 'Samuel' })).statusCode).toBe(200);
  expect(await publicIssuer(code)).toBe('University of X');
});

test.each([
  [{ organisation_name: 'x'.repeat(151) }, 'Organisation name must be at most 150 characters'],
  [
    { organisation_name: 'Evil\u0007Corp' },
    'Organisation name must not contain control characters',
  ],
  [{ organisation_name: 42 }, 'Organisation name must be text.'],
])('%j is refused with a message for the field', async (changes, message) => {
  const response = await patchProfile(owner, changes);
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details.organisation_name).toEqual([message]);
});
