import { pathTo, ROUTES, type RouteName } from '@/config/routes';

const byName = (name: RouteName) => ROUTES.find((route) => route.name === name);

describe('route table', () => {
  it('holds every route with its path and guard', () => {
    expect(ROUTES.map((route) => [route.name, route.path, route.guard])).toEqual([
      ['signin', '/signin', 'public'],
      ['signup', '/signup', 'public'],
      ['forgot-password', '/forgot-password', 'public'],
      ['sso', '/sso', 'public'],
      ['scanner', '/scan', 'open'],
      ['dashboard', '/', 'protected'],
      ['create-verification', '/create', 'protected'],
      ['integrations', '/integrations', 'protected'],
      ['bulk-operations', '/bulk-operations', 'protected'],
      ['create-bulk-verification', '/bulk-operation/create', 'protected'],
      ['templates', '/templates', 'protected'],
      ['create-template', '/templates/create', 'protected'],
      ['edit-template', '/templates/:templateId/edit', 'protected'],
      ['custom-domain', '/settings', 'protected'],
      ['settings-users', '/settings/users', 'protected'],
      ['support', '/support', 'protected'],
      ['subscription-overview', '/subscription', 'protected'],
      ['subscription-plans', '/subscription/plans', 'protected'],
      ['payment-failed', '/subscription/failed', 'protected'],
      ['payment-confirmed', '/subscription/success', 'protected'],
      ['account', '/account', 'protected'],
      ['welcome', '/welcome', 'protected'],
      ['NotFound', '*', 'protected'],
    ]);
  });

  it('also serves custom-domain at /custom-domain', () => {
    expect(byName('custom-domain')).toMatchObject({ aliases: ['/custom-domain'] });
  });

  it.each<[RouteName, string]>([
    ['create-verification', 'Create New Verification'],
    ['custom-domain', 'Settings - Custom Domain'],
    ['settings-users', 'Settings - Users'],
    ['bulk-operations', 'Bulk Operations'],
    ['create-bulk-verification', 'Create Bulk Verification'],
    ['subscription-overview', 'Subscription'],
    ['subscription-plans', 'Plans'],
    ['payment-failed', 'Payment Failed'],
    ['payment-confirmed', 'Payment Completed'],
    ['create-template', 'Create Template'],
    ['edit-template', 'Edit Template'],
    // Unmapped routes show their raw name in the title bar.
    ['dashboard', 'dashboard'],
    ['integrations', 'integrations'],
    ['templates', 'templates'],
    ['support', 'support'],
    ['account', 'account'],
    ['NotFound', 'NotFound'],
    ['signin', 'signin'],
    ['signup', 'signup'],
    ['forgot-password', 'forgot-password'],
    ['sso', 'sso'],
  ])('titles %s as "%s"', (name, title) => {
    expect(byName(name)?.title).toBe(title);
  });

  it('describes every route', () => {
    for (const route of ROUTES) expect(route.description).not.toBe('');
  });

  it('has unique names and paths', () => {
    const paths = ROUTES.flatMap((route) => [
      route.path,
      ...('aliases' in route ? route.aliases : []),
    ]);
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('pathTo', () => {
  it('builds paths from route names', () => {
    expect(pathTo('dashboard')).toBe('/');
    expect(pathTo('create-bulk-verification')).toBe('/bulk-operation/create');
    expect(pathTo('settings-users')).toBe('/settings/users');
  });

  it('fills in route parameters', () => {
    expect(pathTo('edit-template', { templateId: 42 })).toBe('/templates/42/edit');
    expect(pathTo('edit-template', { templateId: 'a b' })).toBe('/templates/a%20b/edit');
  });
});
