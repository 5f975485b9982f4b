import {
  GOOD_PASSWORD,
  passwordGrant,
  refreshGrant,
  register,
  verifyEmail,
  type TokenPair,
} from '../../../helpers/auth-requests';
import { startMailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';

test('passwords, codes and tokens never reach the log, even at trace level', async () => {
  const mail = await startMailCapture();
  const lines: string[] = [];
  const app = await createTestApp({
    env: { SMTP_URL: mail.smtpUrl, LOG_LEVEL: 'trace', LOG_REQUEST_SAMPLE_RATE: '1' },
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    await register(app);
    const code = mail.lastCode('ada@example.com');
    await verifyEmail(app, 'ada@example.com', '000000' === code ? '111111' : '000000');
    await verifyEmail(app, 'ada@example.com', code);
    await passwordGrant(app, 'ada@example.com', 'Wrong-password-1');
    const tokens = (await passwordGrant(app, 'ada@example.com', GOOD_PASSWORD)).json<TokenPair>();
    const refreshed = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();
    await app.inject({
      method: 'GET',
      url: '/api/auth/profile/',
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    // The code on its own: timestamps and durations contain six-digit runs by chance.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    for (const secret of [
      GOOD_PASSWORD,
      'Wrong-password-1',
      tokens.access_token,
      tokens.refresh_token,
      refreshed.access_token,
    ]) {
      expect(log).not.toContain(secret);
    }
  } finally {
    await app.close();
    await mail.stop();
  }
});
