import { deniedArea, guardRedirect } from '@/app/route-guard';
import { ROUTES, type RouteName } from '@/app/routes';
import { initialSessionState } from '@/lib/session/session-slice';
import { sharedUserSession, signedInSession } from '@/testing/fixtures';

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

  it('sends a signed-out user on an unknown path to signin without next', () => {
    expect(guardRedirect(route('NotFound'), false, url('/no-such-page'))).toBe('/signin');
  });

  it('shows NotFound to a signed-in user', () => {
    expect(guardRedirect(route('NotFound'), true, url('/no-such-page'))).toBeNull();
  });
});

describe('deniedArea', () => {
  const shared = { session: { ...initialSessionState, ...sharedUserSession() } };
  const owner = { session: { ...initialSessionState, ...signedInSession() } };

  it('names the area of a route a shared user has none of', () => {
    expect(deniedArea(route('create-bulk-verification'), shared)).toBe('bulk');
    expect(deniedArea(route('custom-domain'), shared)).toBe('custom_domain');
  });

  it('lets through areas with view or edit, routes without an area, and owners', () => {
    expect(deniedArea(route('edit-template'), shared)).toBeNull();
    expect(deniedArea(route('create-verification'), shared)).toBeNull();
    expect(deniedArea(route('account'), shared)).toBeNull();
    expect(deniedArea(route('integrations'), owner)).toBeNull();
  });
});
