import { deniedAccess, guardRedirect } from '@/app/route-guard';
import { ROUTES, type RouteName } from '@/app/routes';
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
