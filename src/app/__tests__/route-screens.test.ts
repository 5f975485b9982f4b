import { preloadPublicScreen, routeScreens } from '@/app/route-screens';
import type { RouteName } from '@/config/routes';

/** Watches every screen's preload; answers which were started. */
function watchPreloads() {
  const spies = Object.entries(routeScreens).map(
    ([name, screen]) => [name, jest.spyOn(screen, 'preload').mockResolvedValue(undefined)] as const,
  );
  return () => spies.filter(([, spy]) => spy.mock.calls.length > 0).map(([name]) => name);
}

describe('preloadPublicScreen', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each<[string, RouteName]>([
    ['/signin', 'signin'],
    ['/signup/', 'signup'],
    ['/forgot-password', 'forgot-password'],
  ])('starts fetching the screen at %s', (pathname, screen) => {
    const preloaded = watchPreloads();
    preloadPublicScreen(pathname);
    expect(preloaded()).toEqual([screen]);
  });

  it.each(['/', '/templates', '/no-such-page'])(
    'leaves %s to the guard, which may redirect',
    (pathname) => {
      const preloaded = watchPreloads();
      preloadPublicScreen(pathname);
      expect(preloaded()).toEqual([]);
    },
  );
});
