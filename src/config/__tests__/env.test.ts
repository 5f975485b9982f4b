import type { env as Env } from '@/config/env';
import {
  PUBLIC_SETTING_DEFAULTS,
  publicSettingsScript,
  type PublicSettings,
} from '@common/public-settings';

/** Loads env.ts afresh under a page whose head holds `headHtml`, as the server serves it. */
function loadEnv(headHtml: string): typeof Env {
  document.head.innerHTML = headHtml;
  let loaded: typeof Env | undefined;
  jest.isolateModules(() => {
    loaded = (jest.requireActual('@/config/env') as { env: typeof Env }).env;
  });
  return loaded as typeof Env;
}

function settingsBlock(settings: Partial<PublicSettings>): string {
  return publicSettingsScript({ ...PUBLIC_SETTING_DEFAULTS, ...settings });
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('env', () => {
  it('reads the settings the server wrote into the page', () => {
    const env = loadEnv(
      settingsBlock({
        SUPPORT_EMAIL: 'help@example.com',
        BOOK_A_DEMO_URL: 'https://example.com/demo?from=<app>',
        OAUTH_CLIENT_ID: 'client-1',
      }),
    );
    expect(env.SUPPORT_EMAIL).toBe('help@example.com');
    expect(env.BOOK_A_DEMO_URL).toBe('https://example.com/demo?from=<app>');
    expect(env.OAUTH_CLIENT_ID).toBe('client-1');
  });

  it('uses the shared defaults when the page has no settings', () => {
    const env = loadEnv('');
    expect(env).toEqual(PUBLIC_SETTING_DEFAULTS);
  });

  it('falls back to the defaults for empty or blank settings', () => {
    const env = loadEnv(settingsBlock({ SUPPORT_EMAIL: '', BOOK_A_DEMO_URL: '  ' }));
    expect(env.SUPPORT_EMAIL).toBe(PUBLIC_SETTING_DEFAULTS.SUPPORT_EMAIL);
    expect(env.BOOK_A_DEMO_URL).toBe(PUBLIC_SETTING_DEFAULTS.BOOK_A_DEMO_URL);
    expect(env.SENTRY_DSN).toBe('');
  });

  it('rejects an invalid address with a warning instead of breaking links', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = loadEnv(
      settingsBlock({ BOOK_A_DEMO_URL: 'javascript:alert(1)', SUPPORT_EMAIL: 'nobody' }),
    );
    expect(env.BOOK_A_DEMO_URL).toBe(PUBLIC_SETTING_DEFAULTS.BOOK_A_DEMO_URL);
    expect(env.SUPPORT_EMAIL).toBe(PUBLIC_SETTING_DEFAULTS.SUPPORT_EMAIL);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps the defaults when the block is not valid JSON', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = loadEnv('<script id="public-settings" type="application/json">{oops</script>');
    expect(env).toEqual(PUBLIC_SETTING_DEFAULTS);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
