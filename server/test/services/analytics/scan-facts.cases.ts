// What a scan keeps of its request: the browser family, a country from the Accept-Language region only, and a
// visitor key that is the same for one phone within a UTC day and different the next day.
import {
  browserFamily,
  countryFromAcceptLanguage,
  createScanFacts,
  createVisitorHasher,
} from '../../../src/services/analytics/scan-facts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test('the browser family comes from the user agent, Other when it names none', () => {
  expect(browserFamily(IPHONE)).toBe('Safari');
  expect(browserFamily(CHROME)).toBe('Chrome');
  expect(browserFamily('something/1.0')).toBe('Other');
  expect(browserFamily('')).toBe('Other');
  expect(browserFamily(undefined)).toBe('Other');
});

test.each([
  ['en-GB', 'GB'],
  ['en-GB,en;q=0.9', 'GB'],
  ['fr, de-AT;q=0.8', 'AT'],
  ['zh-Hant-TW', 'TW'],
  ['pt_br', 'BR'],
  ['es-419', null],
  ['en', null],
  ['*', null],
  ['', null],
  [undefined, null],
])('Accept-Language %p gives the country %p', (header, country) => {
  expect(countryFromAcceptLanguage(header)).toBe(country);
});

test('one phone is one visitor within a UTC day, another the next day; the key shows nothing of the address', () => {
  const visitorOf = createVisitorHasher('server-secret');
  const morning = visitorOf('203.0.113.7', IPHONE, new Date('2026-11-25T00:00:01Z'));
  const evening = visitorOf('203.0.113.7', IPHONE, new Date('2026-11-25T23:59:59Z'));
  const nextDay = visitorOf('203.0.113.7', IPHONE, new Date('2026-11-26T00:00:01Z'));

  expect(evening).toBe(morning);
  expect(nextDay).not.toBe(morning);
  expect(morning).toMatch(/^[0-9a-f]{32}$/);
  // Another phone on the same address, or the same phone elsewhere, is another visitor.
  expect(visitorOf('203.0.113.7', CHROME, new Date('2026-11-25T12:00:00Z'))).not.toBe(morning);
  expect(visitorOf('203.0.113.8', IPHONE, new Date('2026-11-25T12:00:00Z'))).not.toBe(morning);
  // Another server's secret gives other keys.
  const other = createVisitorHasher('another-secret');
  expect(other('203.0.113.7', IPHONE, new Date('2026-11-25T12:00:00Z'))).not.toBe(morning);
});

test('the facts of one scan', () => {
  const facts = createScanFacts('server-secret')(
    { ip: '203.0.113.7', userAgent: IPHONE, acceptLanguage: 'en-GB,en;q=0.9' },
    new Date('2026-11-25T10:00:00Z'),
  );
  expect(facts).toEqual({
    device: 'mobile',
    browser: 'Safari',
    country: 'GB',
    visitor: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
});
