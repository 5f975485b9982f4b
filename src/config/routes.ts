// The one route table. The router, the sidebar, the title bar and the tests read
// it; links are built with pathTo(name), never from hand-written path strings.
import { generatePath, type PathParam } from 'react-router-dom';

import type { AccessArea } from '@common/team';

// Relative, as the build's config reads this table too (webpack.config.ts), where the @/ alias is not set up.
import { PRODUCT_NAME } from './product';

/** public: signed-out screens (a signed-in user is sent to the dashboard); open: anyone, signed in or not. */
export type RouteGuard = 'public' | 'protected' | 'open';

/** Routes shown inside a tabbed section layout. */
export type RouteSection = 'settings' | 'subscription';

export interface RouteDefinition {
  /** A contract: other code (and the product's documents) refer to routes by these names. */
  name: string;
  path: string;
  /** Further paths that show the same screen. */
  aliases?: readonly string[];
  /** Title bar heading. */
  title: string;
  /** The browser tab's title, before ' · QR Verify': the screen's heading in words, for every route. */
  documentTitle: string;
  /** Title bar subtitle; '' shows 'No description available'. */
  description: string;
  guard: RouteGuard;
  section?: RouteSection;
  /** The team permission area the screen belongs to: a shared user with `none` there cannot open it. */
  area?: AccessArea;
  /** The level the screen needs in its area: `edit` for screens that change data; `view` when left out. */
  level?: 'edit';
}

export const ROUTES = [
  {
    name: 'signin',
    path: '/signin',
    title: 'signin',
    documentTitle: 'Sign In',
    description: 'Sign in with email and password, a Google account or SSO.',
    guard: 'public',
  },
  {
    name: 'signup',
    path: '/signup',
    title: 'signup',
    documentTitle: 'Create an Account',
    description: 'Create an account with name, email and password.',
    guard: 'public',
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    title: 'forgot-password',
    documentTitle: 'Reset your Password',
    description: 'Reset your password with a one-time code sent by email.',
    guard: 'public',
  },
  {
    name: 'sso',
    path: '/sso',
    title: 'sso',
    documentTitle: 'Continue with SSO',
    description: 'Continue with single sign-on using your organisation email.',
    guard: 'public',
  },
  {
    // A phone tool for anyone holding a document: no sign-in, its own full-page frame, works offline.
    name: 'scanner',
    path: '/scan',
    title: 'Scanner',
    documentTitle: 'Scanner',
    description: 'Scan a QR code and check its seal, even offline.',
    guard: 'open',
  },
  {
    name: 'dashboard',
    path: '/',
    title: 'dashboard',
    documentTitle: 'Verifications',
    description: 'Manage and track document verification records.',
    guard: 'protected',
    // Where everyone lands; a shared user without verifications is sent on (route-guard.ts landingRedirect).
    area: 'verifications',
  },
  {
    name: 'create-verification',
    path: '/create',
    title: 'Create New Verification',
    documentTitle: 'Create New Verification',
    description: 'Upload and secure a document with a QR verification.',
    guard: 'protected',
    area: 'verifications',
    level: 'edit',
  },
  {
    name: 'integrations',
    path: '/integrations',
    title: 'integrations',
    documentTitle: 'Integrations',
    description: 'Third-party integrations.',
    guard: 'protected',
    area: 'integrations',
  },
  {
    name: 'bulk-operations',
    path: '/bulk-operations',
    title: 'Bulk Operations',
    documentTitle: 'Bulk Operations',
    description: 'Documents secured many at a time from a spreadsheet, with their progress.',
    guard: 'protected',
    area: 'bulk',
  },
  {
    name: 'create-bulk-verification',
    path: '/bulk-operation/create',
    title: 'Create Bulk Verification',
    documentTitle: 'Create Bulk Verification',
    description: 'Secure many documents at once: upload a sheet, map its columns, check and start.',
    guard: 'protected',
    area: 'bulk',
    level: 'edit',
  },
  {
    name: 'templates',
    path: '/templates',
    title: 'templates',
    documentTitle: 'Templates',
    description: 'Landing-page templates.',
    guard: 'protected',
    area: 'templates',
  },
  {
    name: 'create-template',
    path: '/templates/create',
    title: 'Create Template',
    documentTitle: 'Create Template',
    description: 'Create a template.',
    guard: 'protected',
    area: 'templates',
    level: 'edit',
  },
  {
    name: 'edit-template',
    path: '/templates/:templateId/edit',
    title: 'Edit Template',
    documentTitle: 'Edit Template',
    description: 'Edit a template.',
    guard: 'protected',
    area: 'templates',
    level: 'edit',
  },
  {
    name: 'custom-domain',
    path: '/settings',
    aliases: ['/custom-domain'],
    title: 'Settings - Custom Domain',
    documentTitle: 'Settings - Custom Domain',
    description: 'Settings, Custom Domain tab.',
    guard: 'protected',
    area: 'custom_domain',
    section: 'settings',
  },
  {
    name: 'settings-users',
    path: '/settings/users',
    title: 'Settings - Users',
    documentTitle: 'Settings - Users',
    description: 'Users, permissions, roles.',
    guard: 'protected',
    section: 'settings',
  },
  {
    name: 'support',
    path: '/support',
    title: 'support',
    documentTitle: 'Support',
    description: 'Support.',
    guard: 'protected',
  },
  {
    name: 'subscription-overview',
    path: '/subscription',
    title: 'Subscription',
    documentTitle: 'Subscription',
    description: 'Subscription overview.',
    guard: 'protected',
    section: 'subscription',
  },
  {
    name: 'subscription-plans',
    path: '/subscription/plans',
    title: 'Plans',
    documentTitle: 'Plans',
    description: 'Plans.',
    guard: 'protected',
    section: 'subscription',
  },
  {
    name: 'payment-failed',
    path: '/subscription/failed',
    title: 'Payment Failed',
    documentTitle: 'Payment Failed',
    description: 'Payment failed.',
    guard: 'protected',
  },
  {
    name: 'payment-confirmed',
    path: '/subscription/success',
    title: 'Payment Completed',
    documentTitle: 'Payment Completed',
    description: 'Payment completed.',
    guard: 'protected',
  },
  {
    name: 'account',
    path: '/account',
    title: 'account',
    documentTitle: 'Account',
    description: 'Account.',
    guard: 'protected',
  },
  {
    // Where a shared user lands whose owner shared no area with them yet.
    name: 'welcome',
    path: '/welcome',
    title: 'Welcome',
    documentTitle: 'Welcome',
    description: 'What the account owner has shared with you.',
    guard: 'protected',
  },
  {
    // Signed-in users see it inside the app layout; signed-out users are sent to signin.
    name: 'NotFound',
    path: '*',
    title: 'NotFound',
    documentTitle: 'Page Not Found',
    description: 'Page-not-found screen.',
    guard: 'protected',
  },
] as const satisfies readonly RouteDefinition[];

export type AppRoute = (typeof ROUTES)[number];
export type RouteName = AppRoute['name'];

type RoutePath<Name extends RouteName> = Extract<AppRoute, { name: Name }>['path'];
type RouteParams<Name extends RouteName> = Record<PathParam<RoutePath<Name>>, string | number>;
type RouteParamsArgs<Name extends RouteName> = [PathParam<RoutePath<Name>>] extends [never]
  ? []
  : [params: RouteParams<Name>];

const routesByName = new Map<string, AppRoute>(ROUTES.map((route) => [route.name, route]));

export function getRoute(name: RouteName): AppRoute {
  return routesByName.get(name) as AppRoute;
}

/** The permission area of a route, if its screen belongs to one. */
export function routeArea(route: AppRoute): AccessArea | undefined {
  return (route as RouteDefinition).area;
}

/** The level a route's screen needs in its area. */
export function routeLevel(route: AppRoute): 'view' | 'edit' {
  return (route as RouteDefinition).level ?? 'view';
}

/** The browser tab's title while the route shows: 'Create New Verification · QR Verify'. */
export function documentTitleOf(route: AppRoute): string {
  return `${route.documentTitle} · ${PRODUCT_NAME}`;
}

/** The URL path of a named route: pathTo('edit-template', { templateId: 7 }). */
export function pathTo<Name extends RouteName>(
  name: Name,
  ...[params]: RouteParamsArgs<Name>
): string {
  const stringParams = Object.fromEntries(
    Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]),
  );
  return generatePath(getRoute(name).path, stringParams);
}

/** Names of routes without path parameters: the ones menus and tabs can link to directly. */
export type StaticRouteName = {
  [Name in RouteName]: RouteParamsArgs<Name> extends [] ? Name : never;
}[RouteName];
