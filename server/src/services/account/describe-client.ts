// What a session list says of where a session signed in from: the device class and browser family, read once
// from the user agent at sign-in.
import Bowser from 'bowser';

export type SessionDevice = 'mobile' | 'tablet' | 'desktop' | 'other';

const DEVICES: readonly string[] = ['mobile', 'tablet', 'desktop'] satisfies SessionDevice[];

export function describeClient(userAgent: string | undefined): {
  device: SessionDevice;
  browser: string;
} {
  if (!userAgent?.trim()) return { device: 'other', browser: 'Unknown' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    device: DEVICES.includes(type) ? (type as SessionDevice) : 'other',
    browser: parsed.browser.name || 'Unknown',
  };
}
