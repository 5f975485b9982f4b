// What a scan keeps of the request that made it, computed in the request for a few microseconds: the device
// class, the browser family, a country from the Accept-Language region, and a visitor key. The visitor key is a
// keyed hash of the client's address and user agent under a key that changes every UTC day (HMAC(secret, day)),
// so one phone is one visitor within a day and cannot be followed across days; the address itself is never kept.
import { createHmac } from 'node:crypto';

import Bowser from 'bowser';

import { memoizeByText } from '@common/memoize-by-text';
import { isoDate } from '@common/verifications';

import { classifyDevice } from '../verifications/classify-device';

import type { Scan } from '../verifications/scan-recorder';

/** The request facts the public page hands over; nothing of them is stored as it is. */
export interface ScanRequest {
  ip: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
}

export type ScanFacts = Pick<Scan, 'device' | 'browser' | 'country' | 'visitor'>;

/** 16 bytes of the hash: collisions among a day's visitors of one code are out of reach, and it is short. */
const VISITOR_HEX_LENGTH = 32;

/** The browser family ('Chrome', 'Safari', …); 'Other' when the user agent names none bowser knows. */
export function browserFamily(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return 'Other';
  // skipParsing: only the browser is parsed, on demand.
  return Bowser.getParser(userAgent, true).getBrowserName() || 'Other';
}

/**
 * The region of the first language that names one ('en-GB,en;q=0.9' → 'GB'); null without one. Only two-letter
 * regions: numeric ones ('es-419', Latin America) name no country.
 */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.slice(0, 500).split(',')) {
    const tag = part.split(';')[0]!.trim();
    const region = tag
      .split(/[-_]/)
      .slice(1)
      .find((subtag) => /^[a-z]{2}$/i.test(subtag));
    if (region) return region.toUpperCase();
  }
  return null;
}

/** Keys the visitor hash for a UTC day; the day's key is derived once and kept until the day changes. */
export function createVisitorHasher(secret: string) {
  let day = '';
  let dayKey = Buffer.alloc(0);
  return (ip: string, userAgent: string | undefined, at: Date): string => {
    const today = isoDate(at);
    if (today !== day) {
      day = today;
      dayKey = createHmac('sha256', secret).update(`scan-visitor:${today}`).digest();
    }
    return createHmac('sha256', dayKey)
      .update(`${ip}\n${userAgent ?? ''}`)
      .digest('hex')
      .slice(0, VISITOR_HEX_LENGTH);
  };
}

/** The facts of one scan from its request, under the server's visitor secret. */
export function createScanFacts(secret: string) {
  const visitorOf = createVisitorHasher(secret);
  // A phone sends the same headers with every scan: parsed once (the visitor key is per address, so not kept).
  const deviceOf = memoizeByText((userAgent) => ({
    device: classifyDevice(userAgent),
    browser: browserFamily(userAgent),
  }));
  const countryOf = memoizeByText(countryFromAcceptLanguage);
  return (request: ScanRequest, at: Date): ScanFacts => ({
    ...deviceOf(request.userAgent ?? ''),
    country: countryOf(request.acceptLanguage ?? ''),
    visitor: visitorOf(request.ip, request.userAgent, at),
  });
}
