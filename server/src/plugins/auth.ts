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
import fp from 'fastify-plugin';

import { allows, type AccessArea } from '@common/team';

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

/** The user whose live access token the request carries as Bearer, or null. */
export async function userOfBearer(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return (token && (await findUserByAccessToken(db, token))) || null;
}

/** Throws the 401 or 403 that `user` (null: nobody signed in) gets under `rule`. */
export function assertAllowed(
  user: AuthenticatedUser | null,
  rule: Exclude<RouteAccess, 'public'>,
): void {
  if (!user) throw unauthenticated();
  if (rule === 'signed-in') return;
  if (rule === 'owner') {
    if (user.access) throw ownerOnly();
    return;
  }
  if (!allows(user.access, rule.area, 'view')) throw noAccess(rule.area);
  if (!allows(user.access, rule.area, rule.level)) throw viewOnly(rule.area);
}

function enforce(rule: Exclude<RouteAccess, 'public'>): onRequestAsyncHookHandler {
  return async (request) => assertAllowed(request.user, rule);
}

function withHook<Hook>(hooks: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  // A new array: routes may share their options' hook arrays (and a GET shares them with its HEAD).
  return [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), hook];
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      if (!API_PATH.test(request.url)) return;
      request.user = await userOfBearer(app.db, request);
      if (request.user?.member) await recordMemberActivity(app.db, request.user.member);
    });

    app.addHook('onRoute', (route) => {
      const rule = accessRuleOf(route);
      checkDeclaration(route, rule);
      if (rule === 'public') return;
      route.onRequest = withHook(route.onRequest, enforce(rule));
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
