import type { env as Env } from '@/config/env';
import { PUBLIC_SETTING_DEFAULTS } from '@common/public-settings';

const ORIGINAL_ENV = process.env;

function loadEnv(settings: Record<string, string | undefined>): typeof Env {
  process.env = { ...ORIGINAL_ENV, ...settings };
  let loaded: typeof Env | undefined;
  jest.isolateModules(() => {
    loaded = (jest.requireActual('@/config/env') as { env: typeof Env }).env;
  });
  return loaded as typeof Env;
}

afterEach(() => {
  process.env = ORIGINAL_ENV;
});

describe('env', () => {
  it('falls back to the shared defaults for unset or empty settings', () => {
    const env = loadEnv({ SUPPORT_EMAIL: '', BOOK_A_DEMO_URL: undefined, SENTRY_DSN: '  ' });
    expect(env.SUPPORT_EMAIL).toBe(PUBLIC_SETTING_DEFAULTS.SUPPORT_EMAIL);
    expect(env.BOOK_A_DEMO_URL).toBe(PUBLIC_SETTING_DEFAULTS.BOOK_A_DEMO_URL);
    expect(env.SENTRY_DSN).toBe('');
  });

  it('uses the values the build provides', () => {
    const env = loadEnv({
      SUPPORT_EMAIL: 'help@example.com',
      BOOK_A_DEMO_URL: 'https://example.com/demo',
      OAUTH_CLIENT_ID: 'client-1',
    });
    expect(env.SUPPORT_EMAIL).toBe('help@example.com');
    expect(env.BOOK_A_DEMO_URL).toBe('https://example.com/demo');
    expect(env.OAUTH_CLIENT_ID).toBe('client-1');
  });

  it('rejects an invalid address with a warning instead of breaking links', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = loadEnv({ BOOK_A_DEMO_URL: 'javascript:alert(1)', SUPPORT_EMAIL: 'nobody' });
    expect(env.BOOK_A_DEMO_URL).toBe(PUBLIC_SETTING_DEFAULTS.BOOK_A_DEMO_URL);
    expect(env.SUPPORT_EMAIL).toBe(PUBLIC_SETTING_DEFAULTS.SUPPORT_EMAIL);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
