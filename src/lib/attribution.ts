// Attribution: where a visitor came from (the referrer cookie) and which
// pages they saw (the journey cookie). Both are sent at registration and social sign-in.
import { formatCookie, readCookie, writeCookie } from './cookies';

export const REFERRER_COOKIE = 'referrer';
export const JOURNEY_COOKIE = 'journey';
export const ATTRIBUTION_COOKIE_DAYS = 7;
export const JOURNEY_MAX_PAGES = 50;
/** Browsers drop cookies over 4096 bytes; stay below with room for the name and attributes. */
const MAX_COOKIE_LENGTH = 4000;

export interface Attribution {
  /** The external page the first visit came from, or '' when unknown. */
  referrer: string;
  /** Visited page URLs, oldest first. */
  journey: string[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Keeps the first external referrer; later visits (and internal links) leave it alone. */
export function recordReferrer(
  referrer: string = document.referrer,
  ownOrigin: string = window.location.origin,
): void {
  if (readCookie(REFERRER_COOKIE) !== null) return;
  const origin = originOf(referrer);
  if (!origin || origin === ownOrigin) return;
  writeCookie(REFERRER_COOKIE, referrer, ATTRIBUTION_COOKIE_DAYS);
}

export function readJourney(): string[] {
  const stored = readCookie(JOURNEY_COOKIE);
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((page) => typeof page === 'string') : [];
  } catch {
    // A cookie another script mangled starts the trail afresh rather than breaking sign-up.
    return [];
  }
}

/** Appends `url` to the journey: the last 50 pages, a page repeated in a row counted once. */
export function recordVisit(url: string): void {
  const journey = readJourney();
  if (journey.at(-1) === url) return;
  let pages = [...journey, url].slice(-JOURNEY_MAX_PAGES);
  const cookieLength = (list: string[]) =>
    formatCookie(JOURNEY_COOKIE, JSON.stringify(list), ATTRIBUTION_COOKIE_DAYS).length;
  // Long addresses could push 50 pages past the browser's limit; the oldest ones go first.
  while (pages.length > 1 && cookieLength(pages) > MAX_COOKIE_LENGTH) pages = pages.slice(1);
  writeCookie(JOURNEY_COOKIE, JSON.stringify(pages), ATTRIBUTION_COOKIE_DAYS);
}

export function readAttribution(): Attribution {
  return { referrer: readCookie(REFERRER_COOKIE) ?? '', journey: readJourney() };
}

interface RouterLocation {
  pathname: string;
  search: string;
}

/** The part of React Router's data router that journey tracking needs. */
export interface NavigationSource {
  state: { location: RouterLocation; navigation: { state: string } };
  subscribe(listener: (state: NavigationSource['state']) => void): () => void;
}

function pageUrl({ pathname, search }: RouterLocation): string {
  return `${window.location.origin}${pathname}${search}`;
}

/**
 * Records the referrer and the current page, then every page the router settles on. Returns the
 * unsubscribe function.
 */
export function trackAttribution(router: NavigationSource): () => void {
  recordReferrer();
  recordVisit(pageUrl(router.state.location));
  return router.subscribe((state) => {
    // Mid-navigation states (loaders running, redirects) are not pages the visitor saw.
    if (state.navigation.state === 'idle') recordVisit(pageUrl(state.location));
  });
}
