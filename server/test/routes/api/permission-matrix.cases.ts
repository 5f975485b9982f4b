// The access rule over every route the app registers: the table below is the specification (route → who may call
// it). The test walks the app's own route list, so a route added without a row here fails it, and so does a
// declared rule that differs from its row. Then every non-public route is called by an owner, shared users with
// edit, view and no access, a removed member, another owner, the owner's API key and nobody, and each must get the
// status the rule promises: a key passes where the owner does on the resource areas' routes, and 403 elsewhere.
import type { AccessArea } from '@common/team';

import { accessRuleOf, type RouteAccess } from '../../../src/plugins/auth';
import { apiKeyHeaders, postApiKey } from '../../helpers/api-keys';
import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  waitForStatus,
  zipPart,
} from '../../helpers/bulk';
import { EDIT_ALL, NO_ACCESS, sharedUser, VIEW_ALL } from '../../helpers/team';
import { createTemplate } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';
import {
  createVerification,
  formData,
  signedInUser,
  type TestUser,
} from '../../helpers/verifications';
import { createWebhook } from '../../helpers/webhooks';

import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

const VIEW_VERIFICATIONS: RouteAccess = { area: 'verifications', level: 'view' };
const EDIT_VERIFICATIONS: RouteAccess = { area: 'verifications', level: 'edit' };
const VIEW_TEMPLATES: RouteAccess = { area: 'templates', level: 'view' };
const VIEW_BULK: RouteAccess = { area: 'bulk', level: 'view' };
const EDIT_BULK: RouteAccess = { area: 'bulk', level: 'edit' };
const EDIT_TEMPLATES: RouteAccess = { area: 'templates', level: 'edit' };
const VIEW_INTEGRATIONS: RouteAccess = { area: 'integrations', level: 'view' };
const EDIT_INTEGRATIONS: RouteAccess = { area: 'integrations', level: 'edit' };
const VIEW_CUSTOM_DOMAIN: RouteAccess = { area: 'custom_domain', level: 'view' };
const EDIT_CUSTOM_DOMAIN: RouteAccess = { area: 'custom_domain', level: 'edit' };

/** Every route under /api/ and who may call it. A HEAD route has its GET's rule. */
const RULES: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/health/ready/': 'public',
  'GET /api/settings': 'public',
  'GET /api/public/verifications/:code/': 'public',
  'GET /api/public/verifications/:code/credential/': 'public',
  'GET /api/public/verifications/:code/badge.png': 'public',
  'POST /api/auth/register/': 'public',
  'PATCH /api/auth/resend-otp/': 'public',
  'PATCH /api/auth/email-verification/': 'public',
  'POST /api/auth/token/': 'public',
  'POST /api/auth/token/revoke/': 'public',
  'POST /api/auth/token/google/': 'public',
  'POST /api/auth/sso/redirect/': 'public',
  'POST /api/auth/token/sso/': 'public',
  'PATCH /api/auth/forget-password/': 'public',
  'GET /api/auth/profile/': 'signed-in',
  'PATCH /api/auth/profile/': 'signed-in',
  // Account: the user's own password and sessions.
  'POST /api/auth/password/': 'signed-in',
  'GET /api/auth/sessions/': 'signed-in',
  'DELETE /api/auth/sessions/': 'signed-in',
  'DELETE /api/auth/sessions/:id/': 'signed-in',
  // Account deletion: anyone may delete their own account; only an owner's waits to be restored.
  'DELETE /api/account': 'signed-in',
  'POST /api/account/restore/': 'owner',
  'POST /api/auth/email/': 'signed-in',
  'POST /api/auth/email/verify/': 'signed-in',
  'GET /api/uploads/sources/': EDIT_VERIFICATIONS,
  'POST /api/uploads': EDIT_VERIFICATIONS,
  'GET /api/uploads/:id/': EDIT_VERIFICATIONS,
  'DELETE /api/uploads/:id/': EDIT_VERIFICATIONS,
  'POST /api/verifications': EDIT_VERIFICATIONS,
  'GET /api/verifications': VIEW_VERIFICATIONS,
  'GET /api/verifications/stats/': VIEW_VERIFICATIONS,
  // Scan analytics.
  'GET /api/analytics/scans/': VIEW_VERIFICATIONS,
  'GET /api/verifications/:id/': VIEW_VERIFICATIONS,
  'PATCH /api/verifications/:id/': EDIT_VERIFICATIONS,
  'DELETE /api/verifications/:id/': EDIT_VERIFICATIONS,
  'POST /api/verifications/:id/revoke/': EDIT_VERIFICATIONS,
  'GET /api/verifications/:id/scans/': VIEW_VERIFICATIONS,
  'GET /api/verifications/:id/document/': VIEW_VERIFICATIONS,
  'GET /api/verifications/:id/original/': VIEW_VERIFICATIONS,
  'GET /api/verifications/:id/qr/': VIEW_VERIFICATIONS,
  'GET /api/verifications/:id/credential/': VIEW_VERIFICATIONS,
  'GET /api/templates': VIEW_TEMPLATES,
  'POST /api/templates': EDIT_TEMPLATES,
  'GET /api/templates/:id/': VIEW_TEMPLATES,
  'PATCH /api/templates/:id/': EDIT_TEMPLATES,
  'DELETE /api/templates/:id/': EDIT_TEMPLATES,
  'POST /api/templates/:id/default/': EDIT_TEMPLATES,
  'POST /api/templates/:id/duplicate/': EDIT_TEMPLATES,
  'GET /api/team/users/': 'owner',
  'POST /api/team/users/': 'owner',
  'PATCH /api/team/users/:id/': 'owner',
  'DELETE /api/team/users/:id/': 'owner',
  'POST /api/team/users/:id/resend/': 'owner',
  'GET /api/team/audit/': 'owner',
  'GET /api/team/invitations/:token/': 'public',
  'POST /api/bulk-operations': EDIT_BULK,
  'POST /api/bulk-operations/sheet-preview/': EDIT_BULK,
  'POST /api/bulk-operations/uploads/': EDIT_BULK,
  'POST /api/bulk-operations/uploads/resumable': EDIT_BULK,
  'GET /api/bulk-operations/uploads/resumable/:id': EDIT_BULK,
  'PATCH /api/bulk-operations/uploads/resumable/:id': EDIT_BULK,
  'DELETE /api/bulk-operations/uploads/resumable/:id': EDIT_BULK,
  'GET /api/bulk-operations': VIEW_BULK,
  'GET /api/bulk-operations/:id/': VIEW_BULK,
  'POST /api/bulk-operations/:id/start/': EDIT_BULK,
  'POST /api/bulk-operations/:id/cancel/': EDIT_BULK,
  'DELETE /api/bulk-operations/:id/': EDIT_BULK,
  'GET /api/bulk-operations/:id/report/': VIEW_BULK,
  'GET /api/bulk-operations/:id/result/': VIEW_BULK,
  'GET /api/bulk-operations/:id/events/': VIEW_BULK,
  'GET /api/integrations/api-keys': VIEW_INTEGRATIONS,
  'POST /api/integrations/api-keys': EDIT_INTEGRATIONS,
  'DELETE /api/integrations/api-keys/:id/': EDIT_INTEGRATIONS,
  'GET /api/integrations/webhooks': VIEW_INTEGRATIONS,
  'POST /api/integrations/webhooks': EDIT_INTEGRATIONS,
  'GET /api/integrations/webhooks/:id/': VIEW_INTEGRATIONS,
  'PATCH /api/integrations/webhooks/:id/': EDIT_INTEGRATIONS,
  'DELETE /api/integrations/webhooks/:id/': EDIT_INTEGRATIONS,
  'GET /api/integrations/webhooks/:id/deliveries/': VIEW_INTEGRATIONS,
  'POST /api/integrations/webhooks/:id/deliveries/:deliveryId/redeliver/': EDIT_INTEGRATIONS,
  'POST /api/integrations/webhooks/:id/test/': EDIT_INTEGRATIONS,
  'GET /api/settings/custom-domain': VIEW_CUSTOM_DOMAIN,
  'PUT /api/settings/custom-domain': EDIT_CUSTOM_DOMAIN,
  'DELETE /api/settings/custom-domain': EDIT_CUSTOM_DOMAIN,
  'POST /api/settings/custom-domain/verify/': EDIT_CUSTOM_DOMAIN,
  'GET /api/custom-domains/allowed/': 'public',
  // Who signs the account's PDFs: the organisation's own certificate is the owner's to give or take back.
  'GET /api/settings/document-signing': 'owner',
  'PUT /api/settings/document-signing/certificate/': 'owner',
  'DELETE /api/settings/document-signing/certificate/': 'owner',
  // Seal keys: listed beside the custom domain; rotating and revoking change what every scanner trusts.
  'GET /api/seals/keys/': VIEW_CUSTOM_DOMAIN,
  'POST /api/seals/keys/rotate/': 'owner',
  'POST /api/seals/keys/:kid/revoke/': 'owner',
  'GET /api/subscription': 'signed-in',
  'GET /api/subscription/plans/': 'public',
  'POST /api/subscription/checkout/': 'owner',
  'POST /api/subscription/portal/': 'owner',
  'GET /api/subscription/checkout/:session_id/': 'signed-in',
  'POST /api/subscription/stripe-webhook/': 'public',
  'GET /api/support': 'signed-in',
  'POST /api/support/messages/': 'signed-in',
  // Account data export: the owner's; the link's token is its own credential.
  'POST /api/account/export/': 'owner',
  'GET /api/account/export/': 'owner',
  'GET /api/account/exports/:token/': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  // swagger-ui's static files, registered with a list of methods.
  'HEAD,GET /api/docs/static/*': 'public',
};

type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'config'>;

function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The app, with the routes its plugins register collected as they are. */
async function appWithRouteList(): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const app = await createTestApp({
    onRoute: (route) => {
      routes.push({ method: route.method, url: route.url, config: route.config });
    },
  });
  await app.ready();
  expect(routes.length).toBeGreaterThan(Object.keys(RULES).length);
  return { app, routes };
}

test('every route under /api/ has a row in the table, with the rule it declares', async () => {
  const { app, routes } = await appWithRouteList();
  const apiRoutes = routes.filter((route) => route.url.startsWith('/api/'));
  const declared = Object.fromEntries(
    apiRoutes.map((route) => [routeKey(route.method as string, route.url), accessRuleOf(route)]),
  );
  expect(declared).toEqual(RULES);
  // Outside /api/ nothing is authenticated: the /v/ pages, Companion and the SPA's files.
  for (const route of routes.filter((candidate) => !candidate.url.startsWith('/api/'))) {
    expect([route.url, accessRuleOf(route)]).toEqual([route.url, 'public']);
  }
  await app.close();
});

describe('start-up refuses', () => {
  test('a route under /api/ that declares no rule', async () => {
    const app = await createTestApp();
    app.register(async (child) => {
      child.get('/api/unruled/', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(
      'GET /api/unruled/ declares no access rule: set config.access (plugins/auth.ts)',
    );
    await app.close();
  });

  test('a change that asks only for view access', async () => {
    const app = await createTestApp();
    app.register(async (child) => {
      child.post('/api/viewing/', { config: { access: VIEW_VERIFICATIONS } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('cannot need only view');
    await app.close();
  });
});

type Persona =
  | 'owner'
  | 'shared edit'
  | 'shared view'
  | 'shared none'
  | 'removed member'
  | 'other owner'
  | 'API key'
  | 'nobody';

/** Where an API key acts as the owner: the account's resources. Everywhere else (non-public) it gets 403. */
const KEY_AREAS: AccessArea[] = ['verifications', 'bulk', 'templates'];

/** What the persona must get: a refusal, or 'allowed' (past the rule, to the account's own data). */
type Outcome = 401 | 403 | 404 | 'allowed';

function isChange(method: HTTPMethods): boolean {
  return !['GET', 'HEAD'].includes(method);
}

/** An upload's id (a staged document, a resumable bulk upload) is its uploader's own, not the account's. */
function namesOwnUpload(url: string): boolean {
  return url.startsWith('/api/uploads/') || url.startsWith('/api/bulk-operations/uploads/');
}

// The ids in a route's path that name the owner's data.
function namesAccountData(url: string): boolean {
  return (url.includes('/:id') || url.includes('/:kid')) && !namesOwnUpload(url);
}

function expectedOutcome(
  persona: Persona,
  rule: Exclude<RouteAccess, 'public'>,
  method: HTTPMethods,
  url: string,
): Outcome {
  if (persona === 'nobody' || persona === 'removed member') return 401;
  if (persona === 'API key') {
    return typeof rule === 'object' && KEY_AREAS.includes(rule.area) ? 'allowed' : 403;
  }
  if (persona === 'other owner') return namesAccountData(url) ? 404 : 'allowed';
  if (persona === 'owner' || rule === 'signed-in') return 'allowed';
  if (rule === 'owner') return 403;
  if (persona === 'shared none') return 403;
  if (persona === 'shared view' && (rule.level === 'edit' || isChange(method))) return 403;
  return 'allowed';
}

interface Fixtures {
  users: Record<Exclude<Persona, 'nobody'>, TestUser>;
  verificationId: string;
  templateId: string;
  uploadId: string;
  /** An invitation that is still pending. */
  memberId: string;
  /** A bulk operation that has finished (as invalid): its event stream ends at once, start and cancel answer 409. */
  bulkOperationId: string;
  /** A key of the owner's that no caller uses (the 'API key' caller has its own). */
  apiKeyId: string;
  /** An enabled webhook endpoint (test and redeliver refuse a disabled one) and one of its deliveries. */
  webhookId: string;
  deliveryId: string;
  /** The owner's seal key, made by the fixture verification (revoking it again is harmless). */
  sealKid: string;
}

async function finishedBulkOperation(app: FastifyInstance, owner: TestUser): Promise<string> {
  const response = await postBulkOperation(app, owner, {
    sheet: csvPart(
      makeCsv([
        ['file', 'title', 'holder_name'],
        ['a.pdf', '', ''],
      ]),
    ),
    documents: zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }])),
  });
  const { id } = response.json<{ id: string }>();
  await waitForStatus(app, owner, id, ['invalid']);
  return id;
}

async function stageUpload(app: FastifyInstance, user: TestUser): Promise<string> {
  const form = formData({ file: { name: 'diploma.pdf', data: await makePdf() } });
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  return response.json<{ id: string }>().id;
}

async function invite(app: FastifyInstance, owner: TestUser): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/team/users/',
    headers: owner.headers,
    payload: { email: `invitee-${Math.random().toString(36).slice(2)}@example.com` },
  });
  return response.json<{ id: string }>().id;
}

async function makeFixtures(app: FastifyInstance): Promise<Fixtures> {
  const owner = await signedInUser(app);
  const removed = await sharedUser(app, owner, EDIT_ALL);
  const removal = await app.inject({
    method: 'DELETE',
    url: `/api/team/users/${removed.memberId}/`,
    headers: owner.headers,
  });
  expect(removal.statusCode).toBe(204);
  const { key } = await postApiKey(app, owner, 'Caller');
  const verificationId = (await createVerification(app, owner)).id;
  const { kid: sealKid } = await app.db
    .selectFrom('seal_keys')
    .select('kid')
    .where('account_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  return {
    users: {
      owner,
      'shared edit': await sharedUser(app, owner, EDIT_ALL),
      'shared view': await sharedUser(app, owner, VIEW_ALL),
      'shared none': await sharedUser(app, owner, NO_ACCESS),
      'removed member': removed,
      'other owner': await signedInUser(app),
      'API key': { ...owner, headers: apiKeyHeaders(key) },
    },
    verificationId,
    sealKid,
    templateId: (await createTemplate(app, owner)).id,
    uploadId: await stageUpload(app, owner),
    memberId: await invite(app, owner),
    bulkOperationId: await finishedBulkOperation(app, owner),
    apiKeyId: (await postApiKey(app, owner, 'Listed')).id,
    ...(await webhookWithDelivery(app, owner)),
  };
}

// The endpoint's host never resolves (.invalid), so its delivery fails quietly in the background.
async function createWebhookEndpoint(app: FastifyInstance, owner: TestUser): Promise<string> {
  return (await createWebhook(app, owner, 'https://hooks.example.invalid/qr-verify')).id;
}

async function webhookWithDelivery(
  app: FastifyInstance,
  owner: TestUser,
): Promise<{ webhookId: string; deliveryId: string }> {
  const webhookId = await createWebhookEndpoint(app, owner);
  const test = await app.inject({
    method: 'POST',
    url: `/api/integrations/webhooks/${webhookId}/test/`,
    headers: owner.headers,
  });
  expect(test.statusCode).toBe(202);
  return { webhookId, deliveryId: test.json<{ id: string }>().id };
}

// Valid bodies, for callers who must get 404: validation comes before the look-up.
const VALID_BODIES: Record<string, object> = {
  'POST /api/verifications/:id/revoke/': { reason: 'Issued in error' },
  'PATCH /api/team/users/:id/': { shared_access: { verifications: 'view' } },
  'PATCH /api/integrations/webhooks/:id/': { enabled: true },
};

// A request that gets past the rule without changing what later requests need: bodies fail validation, the
// template's delete names a replacement that does not exist. Deleting a verification or a member cannot be made
// harmless, so each allowed caller deletes one of their own.
async function requestFor(
  app: FastifyInstance,
  fixtures: Fixtures,
  method: HTTPMethods,
  url: string,
  outcome: Outcome,
): Promise<{ url: string; payload?: object }> {
  if (method === 'DELETE' && url === '/api/verifications/:id/' && outcome === 'allowed') {
    const fresh = await createVerification(app, fixtures.users.owner);
    return { url: url.replace(':id', fresh.id) };
  }
  if (method === 'DELETE' && url === '/api/team/users/:id/' && outcome === 'allowed') {
    return { url: url.replace(':id', await invite(app, fixtures.users.owner)) };
  }
  if (method === 'DELETE' && url === '/api/bulk-operations/:id/' && outcome === 'allowed') {
    return { url: url.replace(':id', await finishedBulkOperation(app, fixtures.users.owner)) };
  }
  if (method === 'DELETE' && url === '/api/integrations/api-keys/:id/' && outcome === 'allowed') {
    return { url: url.replace(':id', (await postApiKey(app, fixtures.users.owner)).id) };
  }
  if (method === 'DELETE' && url === '/api/integrations/webhooks/:id/' && outcome === 'allowed') {
    return { url: url.replace(':id', await createWebhookEndpoint(app, fixtures.users.owner)) };
  }
  const id = url.startsWith('/api/verifications/')
    ? fixtures.verificationId
    : url.startsWith('/api/templates/')
      ? fixtures.templateId
      : url.startsWith('/api/team/')
        ? fixtures.memberId
        : url.startsWith('/api/bulk-operations/:id')
          ? fixtures.bulkOperationId
          : url.startsWith('/api/integrations/api-keys/')
            ? fixtures.apiKeyId
            : url.startsWith('/api/integrations/webhooks/')
              ? fixtures.webhookId
              : fixtures.uploadId;
  const path = url
    .replace(':id', id)
    .replace(':deliveryId', fixtures.deliveryId)
    .replace(':kid', fixtures.sealKid);
  if (method === 'DELETE' && url.startsWith('/api/templates/')) {
    return { url: `${path}?replacement_id=00000000-0000-4000-8000-000000000000` };
  }
  const validBody = outcome === 404 ? VALID_BODIES[`${method} ${url}`] : undefined;
  return { url: path, payload: isChange(method) ? (validBody ?? {}) : undefined };
}

// An upload belongs to whoever staged it, a session to whoever signed in: to anyone else on the account its id
// names nothing (404).
function describeOutcome(status: number, outcome: Outcome, url: string): string | number {
  if (outcome !== 'allowed') return status;
  const notFoundIsAllowed = namesOwnUpload(url) || url.startsWith('/api/auth/sessions/:id');
  return status === 401 || status === 403 || (status === 404 && !notFoundIsAllowed)
    ? status
    : 'allowed';
}

test('each caller gets what the rule promises on every route', async () => {
  const { app, routes } = await appWithRouteList();
  const fixtures = await makeFixtures(app);
  const personas: Persona[] = [
    'nobody',
    'removed member',
    'shared none',
    'shared view',
    'other owner',
    'API key',
    'shared edit',
    'owner',
  ];
  const failures: string[] = [];
  for (const route of routes.filter((candidate) => candidate.url.startsWith('/api/'))) {
    const rule = accessRuleOf(route);
    if (rule === 'public') continue;
    const method = route.method as HTTPMethods;
    for (const persona of personas) {
      const outcome = expectedOutcome(persona, rule, method, route.url);
      const request = await requestFor(app, fixtures, method, route.url, outcome);
      const headers = persona === 'nobody' ? {} : fixtures.users[persona].headers;
      const response = await app.inject({ method, headers, ...request });
      if (describeOutcome(response.statusCode, outcome, route.url) !== outcome) {
        failures.push(`${persona} ${method} ${request.url}: ${response.statusCode} not ${outcome}`);
      }
    }
  }
  expect(failures).toEqual([]);
  await app.close();
});
