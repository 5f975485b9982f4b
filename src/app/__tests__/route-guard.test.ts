import { deniedAccess, guardRedirect, landingRedirect } from '@/app/route-guard';
import { ROUTES, type RouteName } from '@/config/routes';
import { initialSessionState } from '@/lib/session/session-slice';
import { SHARED_ACCESS, sharedUserSession, signedInSession } from '@/testing/fixtures';

const route = (name: RouteName) => ROUTES.find((candidate) => candidate.name === name)!;
const url = (path: string) => new URL(path, 'http://localhost');

describe('guardRedirect', () => {
  it('sends a signed-out user from a protected route to signin with the full path as next', () => {
    expect(
      guardRedirect(route('edit-template'), false, url('/templates/7/edit?tab=design#top')),
    ).toBe('/signin?next=%2Ftemplates%2F7%2Fedit%3Ftab%3Ddesign%23top');
  });

  it('lets a signed-in user through to protected routes', () => {
    expect(guardRedirect(route('dashboard'), true, url('/'))).toBeNull();
  });

  it.each<RouteName>(['signin', 'signup', 'forgot-password', 'sso'])(
    'sends a signed-in user away from %s to the dashboard',
    (name) => {
      expect(guardRedirect(route(name), true, url(`/${name}`))).toBe('/');
    },
  );

  it('lets a signed-out user see public routes', () => {
    expect(guardRedirect(route('signin'), false, url('/signin'))).toBeNull();
  });

  it('lets everyone, signed in or not, open the scanner', () => {
    expect(guardRedirect(route('scanner'), false, url('/scan'))).toBeNull();
    expect(guardRedirect(route('scanner'), true, url('/scan'))).toBeNull();
  });

  it('sends a signed-out user on an unknown path to signin without next', () => {
    expect(guardRedirect(route('NotFound'), false, url('/no-such-page'))).toBe('/signin');
  });

  it('shows NotFound to a signed-in user', () => {
    expect(guardRedirect(route('NotFound'), true, url('/no-such-page'))).toBeNull();
  });
});

describe('deniedAccess', () => {
  const shared = { session: { ...initialSessionState, ...sharedUserSession() } };
  const viewer = {
    session: {
      ...initialSessionState,
      ...sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, verifications: 'view' } }),
    },
  };
  const owner = { session: { ...initialSessionState, ...signedInSession() } };

  it('names the area of a route a shared user has none of, even one that changes data', () => {
    expect(deniedAccess(route('bulk-operations'), shared)).toEqual({ area: 'bulk', level: 'view' });
    expect(deniedAccess(route('create-bulk-verification'), shared)).toEqual({
      area: 'bulk',
      level: 'view',
    });
    expect(deniedAccess(route('custom-domain'), shared)).toEqual({
      area: 'custom_domain',
      level: 'view',
    });
  });

  it('asks for edit on routes that change data when the user may only view', () => {
    expect(deniedAccess(route('create-template'), shared)).toEqual({
      area: 'templates',
      level: 'edit',
    });
    expect(deniedAccess(route('edit-template'), shared)).toEqual({
      area: 'templates',
      level: 'edit',
    });
    expect(deniedAccess(route('create-verification'), viewer)).toEqual({
      area: 'verifications',
      level: 'edit',
    });
  });

  it('lets through the levels a route needs, routes without an area, and owners', () => {
    expect(deniedAccess(route('templates'), shared)).toBeNull();
    expect(deniedAccess(route('create-verification'), shared)).toBeNull();
    expect(deniedAccess(route('dashboard'), viewer)).toBeNull();
    expect(deniedAccess(route('account'), shared)).toBeNull();
    expect(deniedAccess(route('integrations'), owner)).toBeNull();
    expect(deniedAccess(route('edit-template'), owner)).toBeNull();
  });
});

describe('landingRedirect', () => {
  const sharedWith = (access: Partial<typeof SHARED_ACCESS>) => ({
    session: {
      ...initialSessionState,
      ...sharedUserSession({ sharedUserAccess: { ...SHARED_ACCESS, ...access } }),
    },
  });
  const nothing = {
    verifications: 'none',
    bulk: 'none',
    templates: 'none',
    integrations: 'none',
    custom_domain: 'none',
  } as const;

  it('leaves owners and shared users who may view verifications on the dashboard', () => {
    const owner = { session: { ...initialSessionState, ...signedInSession() } };
    expect(landingRedirect(route('dashboard'), owner)).toBeNull();
    expect(landingRedirect(route('dashboard'), sharedWith({ verifications: 'view' }))).toBeNull();
  });

  it('sends a shared user without verifications to the first shared area, in the sidebar order', () => {
    expect(landingRedirect(route('dashboard'), sharedWith({ verifications: 'none' }))).toBe(
      '/templates',
    );
    expect(
      landingRedirect(route('dashboard'), sharedWith({ ...nothing, custom_domain: 'view' })),
    ).toBe('/settings');
    expect(
      landingRedirect(
        route('dashboard'),
        sharedWith({ ...nothing, bulk: 'edit', templates: 'view' }),
      ),
    ).toBe('/bulk-operations');
  });

  it('sends one with nothing shared to the welcome', () => {
    expect(landingRedirect(route('dashboard'), sharedWith(nothing))).toBe('/welcome');
  });

  it('only redirects the landing: an area opened by its address keeps its no-access state', () => {
    expect(landingRedirect(route('templates'), sharedWith(nothing))).toBeNull();
  });
});
