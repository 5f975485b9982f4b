// DELETE /api/account/ and POST /api/account/restore/: a shared user leaves at once; an owner's account waits out
// the grace period signed out (a restore cancels it), then the purge job removes its rows and files, and its codes'
// public page and API say the record was withdrawn by its issuer.
import { sql } from 'kysely';

import { issueTokens } from '../../../../src/services/auth/issue-tokens';
import { verificationFileKeys } from '../../../../src/services/verifications/verification-files';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { sharedUser, EDIT_ALL } from '../../../helpers/team';
import { createTemplate, SVG_LOGO } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  owner = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

function deleteAccount(user: TestUser, email: string) {
  return app.inject({
    method: 'DELETE',
    url: '/api/account/',
    headers: user.headers,
    payload: { email },
  });
}

async function userRow(id: string) {
  return app.db
    .selectFrom('users')
    .select(['id', 'delete_after', 'deletion_requested_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function profileStatus(user: TestUser) {
  return (await app.inject({ url: '/api/auth/profile/', headers: user.headers })).statusCode;
}

async function queuedPurges(accountId: string) {
  const { rows } = await sql<{ start_after: Date }>`
    select start_after from pgboss.job
    where name = 'account-purge' and state = 'created' and data->>'account_id' = ${accountId}`.execute(
    app.db,
  );
  return rows;
}

test('a wrong email is refused with the message the form shows, and nothing changes', async () => {
  const response = await deleteAccount(owner, 'someone-else@example.com');
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual({
    email: ['Type your email address to confirm.'],
  });
  expect((await userRow(owner.id))?.delete_after).toBeNull();
  expect(await profileStatus(owner)).toBe(200);
});

test("a shared user's deletion removes only them: the owner's records they made stay", async () => {
  const member = await sharedUser(app, owner, EDIT_ALL);
  const made = await createVerification(app, member);

  const response = await deleteAccount(member, member.email.toUpperCase());

  expect(response.statusCode).toBe(202);
  expect(await userRow(member.id)).toBeUndefined();
  expect(await profileStatus(member)).toBe(401);
  const team = await app.db.selectFrom('team_members').select('id').execute();
  expect(team).toEqual([]);
  const record = await app.db
    .selectFrom('verifications')
    .select(['user_id', 'created_by'])
    .where('id', '=', made.id)
    .executeTakeFirstOrThrow();
  expect(record).toEqual({ user_id: owner.id, created_by: null });
  expect((await userRow(owner.id))?.delete_after).toBeNull();
});

test("an owner's deletion waits 14 days signed out, mails the date, and a restore cancels it", async () => {
  const before = Date.now();
  const response = await deleteAccount(owner, owner.email);

  expect(response.statusCode).toBe(202);
  const deleteAfter = new Date(response.json().delete_after).getTime();
  expect(deleteAfter - before).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
  expect(deleteAfter - before).toBeLessThan(14 * DAY_MS + 60_000);
  // Every session ended: the token used to ask answers 401.
  expect(await profileStatus(owner)).toBe(401);
  const [notice] = await mail.waitFor(owner.email);
  expect(notice!.subject).toMatch(/^Your QR Verify account will be deleted on \d+ \w+ \d{4}$/);
  expect(notice!.text).toContain('Sign in before then');
  // Queued for the day the grace period ends; asking again queues no second job.
  await app.services.accountDeletion.requestDeletion(owner.id, owner.email);
  const [job, ...others] = await queuedPurges(owner.id);
  expect(others).toEqual([]);
  expect(Math.abs(job!.start_after.getTime() - deleteAfter)).toBeLessThan(5_000);

  // Signing in again during the grace period works (a fresh token pair), and the profile says when it goes.
  const tokens = await issueTokens(app.db, app.config, owner.id);
  const signedIn = { ...owner, headers: { authorization: `Bearer ${tokens.access_token}` } };
  const profile = await app.inject({ url: '/api/auth/profile/', headers: signedIn.headers });
  expect(profile.json().delete_after).toBe(new Date(deleteAfter).toISOString());

  const restore = await app.inject({
    method: 'POST',
    url: '/api/account/restore/',
    headers: signedIn.headers,
  });
  expect(restore.statusCode).toBe(204);
  expect(await userRow(owner.id)).toMatchObject({
    delete_after: null,
    deletion_requested_at: null,
  });
  // The queued job then finds nothing to do.
  expect(await app.services.accountDeletion.purge(owner.id)).toBe('nothing-to-do');
  expect(await userRow(owner.id)).toBeDefined();
});

test("the purge removes a due account's rows and files; its codes then say withdrawn", async () => {
  const member = await sharedUser(app, owner, EDIT_ALL);
  const verification = await createVerification(app, owner);
  const keys = verificationFileKeys(verification.id);
  const branded = await createTemplate(app, owner, {}, { name: 'crest.svg', data: SVG_LOGO });
  const { logo_key: logoKey } = await app.db
    .selectFrom('templates')
    .select('logo_key')
    .where('id', '=', branded.id)
    .executeTakeFirstOrThrow();
  expect(await app.storage.exists(logoKey!)).toBe(true);
  expect(await app.storage.exists(keys.secured)).toBe(true);
  expect((await deleteAccount(owner, owner.email)).statusCode).toBe(202);

  // Not yet due: nothing goes.
  expect(await app.services.accountDeletion.purge(owner.id)).toBe('not-due');
  expect((await app.inject({ url: `/v/${verification.code}` })).statusCode).toBe(200);

  await app.db
    .updateTable('users')
    .set({ delete_after: new Date(Date.now() - 1000) })
    .where('id', '=', owner.id)
    .execute();
  expect(await app.services.accountDeletion.purge(owner.id)).toBe('purged');

  expect(await userRow(owner.id)).toBeUndefined();
  expect(await userRow(member.id)).toBeUndefined();
  expect(await app.db.selectFrom('verifications').select('id').execute()).toEqual([]);
  expect(await app.db.selectFrom('templates').select('id').execute()).toEqual([]);
  expect(await app.storage.exists(keys.original)).toBe(false);
  expect(await app.storage.exists(keys.secured)).toBe(false);
  expect(await app.storage.exists(logoKey!)).toBe(false);

  const api = await app.inject({ url: `/api/public/verifications/${verification.code}/` });
  expect(api.statusCode).toBe(410);
  expect(api.json().error).toEqual({
    code: 'record_withdrawn',
    message: 'This record was withdrawn by its issuer.',
  });
  const page = await app.inject({ url: `/v/${verification.code}` });
  expect(page.statusCode).toBe(410);
  expect(page.body).toContain('This record was withdrawn by its issuer.');
  // A code never issued is still simply not found.
  expect((await app.inject({ url: '/v/aaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
});

test('restoring is for owners: a shared user is refused', async () => {
  const member = await sharedUser(app, owner, EDIT_ALL);
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/restore/',
    headers: member.headers,
  });
  expect(response.statusCode).toBe(403);
});
