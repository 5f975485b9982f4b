// The SPA build does not depend on the public settings: the server injects them, so changing one never
// makes npm start rebuild, and instances with different settings share one dist/.
import { PUBLIC_SETTING_NAMES } from '../../common/public-settings';
import { inputFingerprint } from '../spa-build';

const ORIGINAL_ENV = process.env;

afterEach(() => {
  process.env = ORIGINAL_ENV;
});

test('the build fingerprint is the same whatever the public settings are', () => {
  const before = inputFingerprint();

  process.env = {
    ...ORIGINAL_ENV,
    ...Object.fromEntries(PUBLIC_SETTING_NAMES.map((name) => [name, `changed-${name}`])),
  };

  expect(inputFingerprint()).toBe(before);
});
