// Each plan limit stops the request where its work happens, with one 403 shape the SPA's 'Limit Exhusted' toast and
// API clients read: the month's verifications (single and bulk), rows in one bulk operation, team members, a custom
// domain, and the API (keys, webhooks, and requests with a key made on an earlier plan).
import type { PlanLimits } from '@common/subscription-schemas';

import { apiKeyHeaders, createApiKey } from '../../../helpers/api-keys';
import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../../helpers/bulk';
import { NO_LIMITS, planLimitsOverride } from '../../../helpers/plans';
import { invite, NO_ACCESS, sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import {
  formData,
  signedInUser,
  uploadVerification,
  type TestUser,
} from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let owner: TestUser;

afterEach(async () => {
  await app?.close();
});

/** An app whose Free plan has these limits (the others unlimited), and a signed-in owner on it. */
async function startOnFree(limits: Partial<PlanLimits>, env: Record<string, string> = {}) {
  app = await createTestApp({
    env: {
      PLAN_LIMITS_OVERRIDE: planLimitsOverride({ free: { ...NO_LIMITS, ...limits } }),
      ...env,
    },
  });
  owner = await signedInUser(app, { email: 'olivia@example.com', firstName: 'Olivia' });
}

async function subscription(user: TestUser = owner) {
  const response = await app.inject({ url: '/api/subscription/', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function sheetOf(rows: number) {
  const names = Array.from({ length: rows }, (_, index) => `d${index + 1}.pdf`);
  return {
    sheet: csvPart(
      makeCsv([['file', 'title', 'holder_name'], ...names.map((name) => [name, 'BSc', name])]),
    ),
    documents: async () =>
      zipPart(
        await makeZip(
          await Promise.all(names.map(async (name) => ({ name, data: await makePdf() }))),
        ),
      ),
  };
}

test('the month’s verifications: the one past the limit gets the 403, before its document is secured', async () => {
  await startOnFree({ verifications_per_month: 2 });
  expect((await uploadVerification(app, owner)).statusCode).toBe(201);
  expect((await uploadVerification(app, owner)).statusCode).toBe(201);

  const refused = await uploadVerification(app, owner);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({
    error: {
      message: 'Your plan allows 2 verifications a month. Upgrade to secure more.',
      code: 'plan_limit',
      details: { limit_key: 'verifications_per_month', limit: 2, used: 2 },
    },
  });
  const listed = await app.inject({ url: '/api/verifications/', headers: owner.headers });
  expect(listed.json().count).toBe(2);
  expect((await subscription()).usage.verifications_this_month).toBe(2);
});

test('two uploads racing for the month’s last verification: exactly one gets it', async () => {
  await startOnFree({ verifications_per_month: 1 });
  const answers = await Promise.all([
    uploadVerification(app, owner),
    uploadVerification(app, owner),
  ]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
  expect((await subscription()).usage.verifications_this_month).toBe(1);
});

test('deleting a verification does not give the month’s verification back', async () => {
  await startOnFree({ verifications_per_month: 1 });
  const created = await uploadVerification(app, owner);
  await app.inject({
    method: 'DELETE',
    url: `/api/verifications/${created.json().id}/`,
    headers: owner.headers,
  });
  expect((await uploadVerification(app, owner)).statusCode).toBe(403);
});

test('bulk rows: the sheet preview and the start refuse a sheet past the plan’s rows, the operation says why', async () => {
  await startOnFree({ bulk_rows: 2 });
  const { sheet, documents } = sheetOf(3);
  const preview = formData({ sheet });
  const previewed = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/sheet-preview/',
    headers: { ...owner.headers, ...preview.headers },
    payload: preview.payload,
  });
  expect(previewed.statusCode).toBe(403);
  expect(previewed.json().error).toEqual({
    message:
      'Your plan allows 2 rows in one bulk operation; this sheet has 3. Upgrade or split the sheet.',
    code: 'plan_limit',
    details: { limit_key: 'bulk_rows', limit: 2, used: 3 },
  });

  const created = await postBulkOperation(app, owner, { sheet, documents: await documents() });
  expect(created.statusCode).toBe(201);
  const operation = await waitForStatus(app, owner, created.json().id, ['invalid', 'ready']);
  expect(operation.status).toBe('invalid');
  expect(JSON.stringify(operation)).toContain(
    'Your plan allows 2 rows in one bulk operation; this sheet has 3.',
  );
});

test('a bulk run needs the month’s verifications for all its rows when it starts', async () => {
  await startOnFree({ verifications_per_month: 3 });
  expect((await uploadVerification(app, owner)).statusCode).toBe(201);
  const { sheet, documents } = sheetOf(3);
  const created = await postBulkOperation(app, owner, { sheet, documents: await documents() });
  const id = created.json().id;
  await waitForStatus(app, owner, id, ['ready']);

  const refused = await startOperation(app, owner, id);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toEqual({
    message:
      'Your plan allows 3 verifications a month; 2 left this month, and this operation secures 3. Upgrade to secure more.',
    code: 'plan_limit',
    details: { limit_key: 'verifications_per_month', limit: 3, used: 1 },
  });
});

test('team members: the invitation past the plan’s members is refused', async () => {
  await startOnFree({ team_members: 1 });
  expect((await invite(app, owner, 'first@example.com')).statusCode).toBe(201);
  const refused = await invite(app, owner, 'second@example.com');
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toEqual({
    message: 'Your plan allows 1 team member. Upgrade to invite more.',
    code: 'plan_limit',
    details: { limit_key: 'team_members', limit: 1, used: 1 },
  });
  expect((await subscription()).usage.team_members).toBe(1);
});

test('a custom domain needs a plan that includes one', async () => {
  await startOnFree({ custom_domain: false }, { CUSTOM_DOMAIN_TARGET: 'domains.qrverify.test' });
  const refused = await app.inject({
    method: 'PUT',
    url: '/api/settings/custom-domain/',
    headers: owner.headers,
    payload: { domain: 'verify.example.edu' },
  });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toEqual({
    message: 'Your plan does not include a custom domain. Upgrade to use your own domain.',
    code: 'plan_limit',
    details: { limit_key: 'custom_domain', limit: 0, used: 0 },
  });
});

test('API keys and webhooks need API access; a key made on an earlier plan stops working on one without', async () => {
  await startOnFree({ api_access: false });
  const apiAccessRefusal = {
    message: 'Your plan does not include the API and webhooks. Upgrade to use them.',
    code: 'plan_limit',
    details: { limit_key: 'api_access', limit: 0, used: 0 },
  };
  const key = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys/',
    headers: owner.headers,
    payload: { name: 'Registry' },
  });
  expect(key.statusCode).toBe(403);
  expect(key.json().error).toEqual(apiAccessRefusal);
  const webhook = await app.inject({
    method: 'POST',
    url: '/api/integrations/webhooks/',
    headers: owner.headers,
    payload: { url: 'https://hooks.example.com/qr', events: ['verification.created'] },
  });
  expect(webhook.statusCode).toBe(403);
  expect(webhook.json().error).toEqual(apiAccessRefusal);

  // On Pro for a while: a key is made and works; back on Free it is refused with the plan's reason.
  await app.db
    .insertInto('subscriptions')
    .values({ account_id: owner.id, plan_id: 'pro', status: 'active' })
    .execute();
  const made = await createApiKey(app, owner);
  const onPro = await app.inject({ url: '/api/verifications/', headers: apiKeyHeaders(made) });
  expect(onPro.statusCode).toBe(200);
  await app.db
    .updateTable('subscriptions')
    .set({ plan_id: 'free', status: 'canceled' })
    .where('account_id', '=', owner.id)
    .execute();
  const onFree = await app.inject({ url: '/api/verifications/', headers: apiKeyHeaders(made) });
  expect(onFree.statusCode).toBe(403);
  expect(onFree.json().error).toEqual(apiAccessRefusal);
});

test('the subscription names the plan, its limits and what is used; a shared user may read it', async () => {
  await startOnFree({ verifications_per_month: 5, team_members: 3 });
  await uploadVerification(app, owner);
  const body = await subscription();
  expect(body).toMatchObject({
    plan: { id: 'free', name: 'Free', limits: { verifications_per_month: 5, team_members: 3 } },
    status: 'free',
    interval: null,
    current_period_end: null,
    cancel_at_period_end: false,
    billing_portal: false,
    usage: { verifications_this_month: 1, team_members: 0, custom_domain: false, api_keys: 0 },
  });
  const resets = new Date(body.usage.month_resets_at);
  expect(resets.getUTCDate()).toBe(1);
  expect(resets.getTime()).toBeGreaterThan(Date.now());

  const member = await sharedUser(app, owner, NO_ACCESS);
  expect(await subscription(member)).toEqual({
    ...body,
    usage: { ...body.usage, team_members: 1 },
  });
});
