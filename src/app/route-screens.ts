// Which screen each named route shows. Each is a React.lazy import, so webpack splits one chunk
// per screen and a user downloads only what they open. The signed-out screens' chunks are named
// route-<name>: the build lists their scripts for the server to preload with index.html.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';

import { ROUTES, type RouteName } from '@/config/routes';

type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

function lazyScreen<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyScreen {
  return Object.assign(
    lazy(async () => ({ default: pick(await load()) })),
    { preload: load },
  );
}

export const routeScreens: Record<RouteName, LazyScreen> = {
  signin: lazyScreen(
    () =>
      import(/* webpackChunkName: "route-signin" */ '@/features/auth/components/sign-in-screen'),
    (m) => m.SignInScreen,
  ),
  signup: lazyScreen(
    () =>
      import(/* webpackChunkName: "route-signup" */ '@/features/auth/components/sign-up-screen'),
    (m) => m.SignUpScreen,
  ),
  'forgot-password': lazyScreen(
    () =>
      import(
        /* webpackChunkName: "route-forgot-password" */ '@/features/auth/components/forgot-password-screen'
      ),
    (m) => m.ForgotPasswordScreen,
  ),
  sso: lazyScreen(
    () => import(/* webpackChunkName: "route-sso" */ '@/features/auth/components/sso-screen'),
    (m) => m.SsoScreen,
  ),
  scanner: lazyScreen(
    // Named: the build lists this chunk and what it loads for the scanner's service worker (webpack.config.ts).
    () => import(/* webpackChunkName: "scanner" */ '@/features/scanner/components/scanner-screen'),
    (m) => m.ScannerScreen,
  ),
  dashboard: lazyScreen(
    () => import('@/features/verifications/components/verifications-screen'),
    (m) => m.VerificationsScreen,
  ),
  'create-verification': lazyScreen(
    () => import('@/features/verifications/components/create-verification-screen'),
    (m) => m.CreateVerificationScreen,
  ),
  integrations: lazyScreen(
    () => import('@/features/integrations/components/integrations-screen'),
    (m) => m.IntegrationsScreen,
  ),
  'bulk-operations': lazyScreen(
    () => import('@/features/bulk/components/bulk-operations-screen'),
    (m) => m.BulkOperationsScreen,
  ),
  'create-bulk-verification': lazyScreen(
    () => import('@/features/bulk/components/create-bulk-verification-screen'),
    (m) => m.CreateBulkVerificationScreen,
  ),
  templates: lazyScreen(
    () => import('@/features/templates/components/templates-screen'),
    (m) => m.TemplatesScreen,
  ),
  'create-template': lazyScreen(
    () => import('@/features/templates/components/create-template-screen'),
    (m) => m.CreateTemplateScreen,
  ),
  'edit-template': lazyScreen(
    () => import('@/features/templates/components/edit-template-screen'),
    (m) => m.EditTemplateScreen,
  ),
  'custom-domain': lazyScreen(
    () => import('@/features/domain/components/custom-domain-screen'),
    (m) => m.CustomDomainScreen,
  ),
  'settings-users': lazyScreen(
    () => import('@/features/team/components/team-users-screen'),
    (m) => m.TeamUsersScreen,
  ),
  support: lazyScreen(
    () => import('@/features/support/components/support-screen'),
    (m) => m.SupportScreen,
  ),
  'subscription-overview': lazyScreen(
    () => import('@/features/subscription/components/subscription-overview-screen'),
    (m) => m.SubscriptionOverviewScreen,
  ),
  'subscription-plans': lazyScreen(
    () => import('@/features/subscription/components/plans-screen'),
    (m) => m.PlansScreen,
  ),
  'payment-failed': lazyScreen(
    () => import('@/features/subscription/components/payment-failed-screen'),
    (m) => m.PaymentFailedScreen,
  ),
  'payment-confirmed': lazyScreen(
    () => import('@/features/subscription/components/payment-confirmed-screen'),
    (m) => m.PaymentConfirmedScreen,
  ),
  account: lazyScreen(
    () => import('@/features/account/components/account-screen'),
    (m) => m.AccountScreen,
  ),
  welcome: lazyScreen(
    () => import('./welcome-screen'),
    (m) => m.WelcomeScreen,
  ),
  NotFound: lazyScreen(
    () => import('./not-found-screen'),
    (m) => m.NotFoundScreen,
  ),
};

/**
 * Starts fetching the signed-out or open screen at `pathname` (sign-in, sign-up, the scanner…) while the app is still
 * starting, instead of when the router first renders it: one round trip less before it paints.
 * Protected screens wait for the guard, which may send the visitor elsewhere.
 */
export function preloadPublicScreen(pathname: string): void {
  const route = ROUTES.find(
    ({ guard, path }) => guard !== 'protected' && matchPath(path, pathname),
  );
  if (route) void routeScreens[route.name].preload();
}
