// Bearer-token authentication and the one access rule. request.user is the signed-in user (or null), with the
// account they work on and, for a shared user, their permissions as they are at this request.
//
// Every route under /api/ declares who may call it, as `config.access`:
//   'public'                     anyone, signed in or not
//   'signed-in'                  any signed-in user, owner or shared (their own profile)
//   'owner'                      an owner only: shared users get 403 (team management, later the subscription)
//   { area, level }              an owner, or a shared user whose permissions allow `level` in `area`
// This plugin checks the declaration in one onRequest hook, added to each route after the route's own
// onRequest hooks (the per-IP upload limit still counts first): no user is 401, a shared user without the level
// is 403. A route under /api/ without a declaration fails at start-up, and so does a `view` route that changes
// something. Handlers read the user with signedInUser(request).
//
// The Bearer value may also be an API key, told apart by its `qrv_` start (an access token is random base64url: one
// in 16.7 million starts so, is refused as a key and refreshed): a live key signs the request in as its account's
// owner, marked with `apiKey`. A key may call only public routes and the resource areas' routes (apiKeyMayCall),
// whatever else an owner may do, so a route is covered by the rule it declares; anywhere else it gets 403. Key
// requests count against RATE_LIMIT_API_KEY_REQUESTS per key.
import fp from 'fastify-plugin';

import { API_KEY_PREFIX } from '@common/integrations';
import { allows, type AccessArea } from '@common/team';

import { apiKeyNotAllowed, invalidApiKey } from '../services/api-keys/api-key-errors';
import { findUserByApiKey } from '../services/api-keys/find-user-by-api-key';
import { recordApiKeyUse } from '../services/api-keys/record-api-key-use';
import { unauthenticated } from '../services/auth/auth-errors';
import {
  findUserByAccessToken,
  type AuthenticatedUser,
} from '../services/auth/find-user-by-access-token';
import { recordMemberActivity } from '../services/team/record-member-activity';
import { noAccess, ownerOnly, viewOnly } from '../services/team/team-errors';

import type { Database } from '../db/schema';
import type { FastifyRequest, HTTPMethods, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';

/** Who may call a route: see the top of this file. */
export type RouteAccess = 'public' | 'signed-in' | 'owner' | AreaAccess;

/** A level in one area of a shared user's permissions (owners pass every one). */
export interface AreaAccess {
  area: AccessArea;
  level: 'view' | 'edit';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route (plugins/auth.ts); required for every route under /api/. */
    access?: RouteAccess;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const API_PATH = /^\/api(\/|$)/;
// Public by their path, because their prefix says so and their files are someone else's: the health check and
// the public verification JSON. Everything outside /api/ (the /v/ pages, Companion, the SPA's files) is never
// authenticated at all (the token is read only under /api/), so it is public by construction.
const PUBLIC_API_PATHS = /^\/api\/(health|public)(\/|$)/;
const READ_METHODS = new Set<string>(['GET', 'HEAD', 'OPTIONS']);

/** The areas an API key may work in: the account's resources, never its people, settings or keys. */
export const API_KEY_AREAS: ReadonlySet<AccessArea> = new Set<AccessArea>([
  'verifications',
  'bulk',
  'templates',
]);

/** Whether a request made with an API key may pass `rule` (as the owner it stands for would). */
export function apiKeyMayCall(rule: RouteAccess): boolean {
  return rule === 'public' || (typeof rule === 'object' && API_KEY_AREAS.has(rule.area));
}

type DeclaredRoute = Pick<RouteOptions, 'method' | 'url' | 'config'>;

/** The signed-in user, for a handler behind a non-public access rule (a 401 should it ever run without one). */
export function signedInUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

function methodsOf(route: DeclaredRoute): HTTPMethods[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** The route's declared access rule; throws for a route under /api/ that declares none. */
export function accessRuleOf(route: DeclaredRoute): RouteAccess {
  const declared = route.config?.access;
  if (declared) return declared;
  if (!API_PATH.test(route.url) || PUBLIC_API_PATHS.test(route.url)) return 'public';
  throw new Error(
    `${methodsOf(route).join(',')} ${route.url} declares no access rule: set config.access (plugins/auth.ts)`,
  );
}

function checkDeclaration(route: DeclaredRoute, rule: RouteAccess): void {
  if (typeof rule !== 'object' || rule.level !== 'view') return;
  const changes = methodsOf(route).filter((method) => !READ_METHODS.has(method));
  if (changes.length > 0) {
    throw new Error(`${changes.join(',')} ${route.url} changes data, so it cannot need only view`);
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

function isApiKey(bearer: string | undefined): boolean {
  return bearer?.startsWith(API_KEY_PREFIX) ?? false;
}

/** The user whose live access token or API key the request carries as Bearer, or null. */
export async function userOfBearer(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const bearer = bearerOf(request);
  if (!bearer) return null;
  const find = isApiKey(bearer) ? findUserByApiKey : findUserByAccessToken;
  return (await find(db, bearer)) ?? null;
}

/** Throws the 401 or 403 that `user` (null: nobody signed in) gets under `rule`. */
export function assertAllowed(
  user: AuthenticatedUser | null,
  rule: Exclude<RouteAccess, 'public'>,
): void {
  if (!user) throw unauthenticated();
  if (user.apiKey && !apiKeyMayCall(rule)) throw apiKeyNotAllowed();
  if (rule === 'signed-in') return;
  if (rule === 'owner') {
    if (user.access) throw ownerOnly();
    return;
  }
  if (!allows(user.access, rule.area, 'view')) throw noAccess(rule.area);
  if (!allows(user.access, rule.area, rule.level)) throw viewOnly(rule.area);
}

function enforce(rule: Exclude<RouteAccess, 'public'>): onRequestAsyncHookHandler {
  return async (request) => {
    // A key that is not (or no longer) live says so, rather than the token message.
    if (!request.user && isApiKey(bearerOf(request))) throw invalidApiKey();
    assertAllowed(request.user, rule);
  };
}

function withHook<Hook>(hooks: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  // A new array: routes may share their options' hook arrays (and a GET shares them with its HEAD).
  return [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), hook];
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    const limitApiKey = app.limitRequests({
      name: 'api-key-requests',
      max: app.config.RATE_LIMIT_API_KEY_REQUESTS,
      key: (request) => request.user?.apiKey?.id,
      message:
        'Too many requests with this API key. Wait the seconds in Retry-After, then try again.',
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!API_PATH.test(request.url)) return;
      request.user = await userOfBearer(app.db, request);
      if (request.user?.member) await recordMemberActivity(app.db, request.user.member);
      if (request.user?.apiKey) {
        await limitApiKey(request, reply);
        // Keys made on a plan with API access stop working when the account moves to one without.
        await app.services.planLimits.requireFeature(app.db, request.user.accountId, 'api_access');
        await recordApiKeyUse(app.db, request.user.apiKey);
      }
    });

    app.addHook('onRoute', (route) => {
      const rule = accessRuleOf(route);
      checkDeclaration(route, rule);
      if (rule === 'public') return;
      route.onRequest = withHook(route.onRequest, enforce(rule));
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'rate-limit'] },
);
