// Which kind of device opened a public page, from its User-Agent alone: scans keep this class, never the raw
// User-Agent or the IP address.
import type { ScanDevice } from '@common/verifications';

// Link previews (chat apps, social sites), crawlers and scripted clients: they open the page without a person.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|whatsapp|embedly|preview|headless|lighthouse|curl\/|wget\/|python-|python\/|go-http-client|okhttp|axios\/|node-fetch|undici|java\/|libwww|httpclient/i;
const MOBILE = /mobi|android|iphone|ipad|ipod|windows phone|blackberry|opera mini|silk\//i;
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux x86_64|cros/i;

export function classifyDevice(userAgent: string | undefined): ScanDevice {
  if (!userAgent) return 'other';
  if (BOT.test(userAgent)) return 'bot';
  if (MOBILE.test(userAgent)) return 'mobile';
  if (DESKTOP.test(userAgent)) return 'desktop';
  return 'other';
}
