import { createMemoryRouter } from 'react-router-dom';

import {
  JOURNEY_COOKIE,
  readAttribution,
  readJourney,
  recordReferrer,
  recordVisit,
  REFERRER_COOKIE,
  trackAttribution,
} from '@/lib/attribution';
import { readCookie, writeCookie } from '@/lib/cookies';

/** Every text assigned to document.cookie from now on; the cookies are still written. */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const { set } = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') ?? {};
  jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    set?.call(document, value);
  });
  return writes;
}
const page = (n: number) => `http://localhost/page-${n}`;

describe('journey cookie', () => {
  it('lists visited pages, oldest first, as JSON', () => {
    recordVisit(page(1));
    recordVisit(page(2));

    expect(JSON.parse(readCookie(JOURNEY_COOKIE) ?? '')).toEqual([page(1), page(2)]);
    expect(readJourney()).toEqual([page(1), page(2)]);
  });

  it('skips a page repeated in a row, but keeps a later return to it', () => {
    recordVisit(page(1));
    recordVisit(page(1));
    recordVisit(page(2));
    recordVisit(page(1));

    expect(readJourney()).toEqual([page(1), page(2), page(1)]);
  });

  it('keeps the last 50 pages', () => {
    for (let n = 1; n <= 55; n += 1) recordVisit(page(n));

    const journey = readJourney();
    expect(journey).toHaveLength(50);
    expect(journey[0]).toBe(page(6));
    expect(journey.at(-1)).toBe(page(55));
  });

  it('drops the oldest pages sooner when long addresses would overflow the cookie', () => {
    const long = (n: number) => `http://localhost/search?q=${'x'.repeat(150)}&n=${n}`;
    for (let n = 1; n <= 50; n += 1) recordVisit(long(n));

    const journey = readJourney();
    expect(journey.length).toBeLessThan(50);
    expect(journey.at(-1)).toBe(long(50));
    expect(document.cookie.length).toBeLessThan(4096);
  });

  it('starts afresh from a mangled cookie', () => {
    writeCookie(JOURNEY_COOKIE, '{not json', 7);
    recordVisit(page(1));

    expect(readJourney()).toEqual([page(1)]);
  });

  it('lasts 7 days from each new page', () => {
    const writes = recordCookieWrites();
    jest.useFakeTimers({ now: new Date('2031-03-01T10:00:00Z') });
    recordVisit(page(1));
    jest.setSystemTime(new Date('2031-03-04T08:30:00Z'));
    recordVisit(page(2));
    jest.useRealTimers();

    expect(writes).toEqual([
      expect.stringMatching(/^journey=.*; expires=Sat, 08 Mar 2031 10:00:00 GMT; path=\/;/),
      expect.stringMatching(/^journey=.*; expires=Tue, 11 Mar 2031 08:30:00 GMT; path=\/;/),
    ]);
  });
});

describe('referrer cookie', () => {
  it('keeps an external referrer', () => {
    recordReferrer('https://news.example/story', 'http://localhost');

    expect(readCookie(REFERRER_COOKIE)).toBe('https://news.example/story');
  });

  it('is set once: later external referrers do not replace it', () => {
    recordReferrer('https://news.example/story', 'http://localhost');
    recordReferrer('https://other.example/', 'http://localhost');

    expect(readCookie(REFERRER_COOKIE)).toBe('https://news.example/story');
  });

  it.each([
    ['an internal link', 'http://localhost/pricing'],
    ['no referrer', ''],
    ['garbage', 'not a url'],
  ])('is not set from %s', (_case, referrer) => {
    recordReferrer(referrer, 'http://localhost');

    expect(readCookie(REFERRER_COOKIE)).toBeNull();
  });

  it('lasts 7 days', () => {
    const writes = recordCookieWrites();
    jest.useFakeTimers({ now: new Date('2031-03-01T10:00:00Z') });
    recordReferrer('https://news.example/story', 'http://localhost');
    jest.useRealTimers();

    expect(writes).toEqual([
      expect.stringMatching(/^referrer=.*; expires=Sat, 08 Mar 2031 10:00:00 GMT; path=\/;/),
    ]);
  });
});

describe('attribution for sign-up', () => {
  it('reads both cookies, empty when absent', () => {
    expect(readAttribution()).toEqual({ referrer: '', journey: [] });

    writeCookie(REFERRER_COOKIE, 'https://news.example/', 7);
    recordVisit(page(1));
    expect(readAttribution()).toEqual({ referrer: 'https://news.example/', journey: [page(1)] });
  });
});

describe('trackAttribution', () => {
  it('records the first page and every page the router settles on', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: null },
        { path: '/pricing', element: null },
        { path: '/signup', element: null },
      ],
      { initialEntries: ['/?utm_source=mail'] },
    );
    const stop = trackAttribution(router);

    await router.navigate('/pricing');
    await router.navigate('/pricing');
    await router.navigate('/signup');
    stop();
    await router.navigate('/');

    expect(readJourney()).toEqual([
      'http://localhost/?utm_source=mail',
      'http://localhost/pricing',
      'http://localhost/signup',
    ]);
    router.dispose();
  });
});
