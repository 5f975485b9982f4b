// Records remember who did what: created_by on verifications and templates, and an audit entry for every change
// by anyone working on the account. The public page still names the account as the issuer.
import { EDIT_ALL, sharedUser, type SharedTestUser } from '../../../helpers/team';
import { createTemplate } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let owner: TestUser;
let member: SharedTestUser;

beforeEach(async () => {
  app = await createTestApp();
  owner = await signedInUser(app, { email: 'olivia@example.com', firstName: 'Olivia' });
  member = await sharedUser(app, owner, EDIT_ALL, { email: 'sam@example.com' });
});

afterEach(async () => {
  await app.close();
});

const SAM = { email: 'sam@example.com', name: 'Sam Shared' };
const OLIVIA = { email: 'olivia@example.com', name: 'Olivia Hopper' };

function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: user.headers, payload });
}

async function auditTrail(): Promise<Array<[string, string, string]>> {
  const response = await call(owner, 'GET', '/api/team/audit/?page_size=100');
  expect(response.statusCode).toBe(200);
  return response
    .json<{
      results: Array<{ action: string; actor: { email: string }; object: { name: string } }>;
    }>()
    .results.reverse()
    .map((entry) => [entry.actor.email, entry.action, entry.object.name]);
}

test('a verification names the shared user who created it, everywhere, even after they leave', async () => {
  const mine = await createVerification(app, owner, { title: 'By Olivia' });
  const theirs = await createVerification(app, member, { title: 'By Sam' });
  expect(mine.created_by).toEqual(OLIVIA);
  expect(theirs.created_by).toEqual(SAM);

  const list = (await call(owner, 'GET', '/api/verifications/')).json();
  expect(
    list.results.map((row: { title: string; created_by: object }) => [row.title, row.created_by]),
  ).toEqual([
    ['By Sam', SAM],
    ['By Olivia', OLIVIA],
  ]);
  // The public page names the account that issued it, not the person who typed it in.
  const page = (await app.inject({ url: `/api/public/verifications/${theirs.code}/` })).json();
  expect(page.issuer).toEqual({
    name: 'Olivia Hopper',
    issuer: null,
    issuer_proof: null,
    declared_name: 'Olivia Hopper',
    declared_name_withheld: null,
  });

  await call(owner, 'DELETE', `/api/team/users/${member.memberId}/`);
  expect((await call(owner, 'GET', `/api/verifications/${theirs.id}/`)).json().created_by).toEqual(
    SAM,
  );
});

test('a template names who created it; a copy, who copied it', async () => {
  const theirs = await createTemplate(app, member, { name: 'Diplomas' });
  expect(theirs.created_by).toEqual(SAM);

  const copy = await call(owner, 'POST', `/api/templates/${theirs.id}/duplicate/`);

  expect(copy.json()).toMatchObject({ name: 'Copy of Diplomas', created_by: OLIVIA });
  const list = (await call(member, 'GET', '/api/templates/')).json();
  expect(
    list.results.map((row: { name: string; created_by: object }) => [row.name, row.created_by]),
  ).toEqual([
    ['Default', OLIVIA],
    ['Copy of Diplomas', OLIVIA],
    ['Diplomas', SAM],
  ]);
});

test('every change to verifications and templates, by anyone, is in the audit log', async () => {
  const verification = await createVerification(app, member, { title: 'Diploma' });
  await call(member, 'PATCH', `/api/verifications/${verification.id}/`, {
    title: 'Bachelor’s diploma',
  });
  await call(owner, 'POST', `/api/verifications/${verification.id}/revoke/`, {
    reason: 'Issued in error',
  });
  await call(member, 'DELETE', `/api/verifications/${verification.id}/`);
  const template = await createTemplate(app, owner, { name: 'Diplomas' });
  await call(member, 'PATCH', `/api/templates/${template.id}/`, { heading: 'Welcome' });
  const copy = (await call(member, 'POST', `/api/templates/${template.id}/duplicate/`)).json();
  await call(member, 'POST', `/api/templates/${template.id}/default/`);
  await call(owner, 'DELETE', `/api/templates/${copy.id}/`);
  // What changed nothing is not a change.
  await call(member, 'PATCH', `/api/verifications/${verification.id}/`, {});

  expect(await auditTrail()).toEqual([
    ['sam@example.com', 'verification.created', 'Diploma'],
    ['sam@example.com', 'verification.updated', 'Bachelor’s diploma'],
    ['olivia@example.com', 'verification.revoked', 'Bachelor’s diploma'],
    ['sam@example.com', 'verification.deleted', 'Bachelor’s diploma'],
    ['olivia@example.com', 'template.created', 'Diplomas'],
    ['sam@example.com', 'template.updated', 'Diplomas'],
    ['sam@example.com', 'template.created', 'Copy of Diplomas'],
    ['sam@example.com', 'template.made_default', 'Diplomas'],
    ['olivia@example.com', 'template.deleted', 'Copy of Diplomas'],
  ]);
});

test('a refused change leaves no entry', async () => {
  const verification = await createVerification(app, owner, { title: 'Diploma' });
  await call(owner, 'POST', `/api/verifications/${verification.id}/revoke/`, {
    reason: 'Issued in error',
  });

  const again = await call(member, 'POST', `/api/verifications/${verification.id}/revoke/`, {
    reason: 'Twice',
  });

  expect(again.statusCode).toBe(400);
  expect((await auditTrail()).map(([, action]) => action)).toEqual([
    'verification.created',
    'verification.revoked',
  ]);
});
