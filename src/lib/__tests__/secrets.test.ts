import { redactSecrets, redactUrl, SECRET_MARKER } from '@/lib/secrets';

const API_KEY = `qrv_${'x7'.repeat(21)}y`;
const WEBHOOK_SECRET = `whsec_${'QUJDREVGR0g'.repeat(4)}=`;

describe('redactSecrets', () => {
  it('masks every secret field, at any depth and in any case, and keeps the rest', () => {
    const answer = {
      email: 'olivia@example.com',
      password: 'Secret-123',
      nested: [{ access_token: 'a1', refresh_token: 'r1', expires_in: 3600 }],
      headers: { authorization: 'Bearer a1' },
      webhook: { url: 'https://hooks.example.com', secret: WEBHOOK_SECRET },
    };
    expect(redactSecrets(answer)).toEqual({
      email: 'olivia@example.com',
      password: SECRET_MARKER,
      nested: [{ access_token: SECRET_MARKER, refresh_token: SECRET_MARKER, expires_in: 3600 }],
      headers: { authorization: SECRET_MARKER },
      webhook: { url: 'https://hooks.example.com', secret: SECRET_MARKER },
    });
    expect(answer.password).toBe('Secret-123');
  });

  it('leaves an empty secret field as it is: a signed-out session has no token to hide', () => {
    expect(redactSecrets({ accessToken: null, refreshToken: '', otp: undefined })).toEqual({
      accessToken: null,
      refreshToken: '',
      otp: undefined,
    });
  });

  it('masks API keys, webhook secrets and Stripe client secrets by their shape, in values and keys', () => {
    expect(
      redactSecrets({
        message: `Use ${API_KEY} to call the API`,
        [`check(${API_KEY})`]: 1,
        hint: `signed with ${WEBHOOK_SECRET}.`,
        payment: 'pi_3MtwBw2eZvKYlo2C_secret_YrKJUKribcBjcG8HVhfZluoGH',
      }),
    ).toEqual({
      message: `Use ${SECRET_MARKER} to call the API`,
      [`check(${SECRET_MARKER})`]: 1,
      hint: `signed with ${SECRET_MARKER}.`,
      payment: SECRET_MARKER,
    });
  });

  it('keeps a key’s shown prefix, which tells keys apart', () => {
    expect(redactSecrets({ prefix: API_KEY.slice(0, 12) })).toEqual({
      prefix: API_KEY.slice(0, 12),
    });
  });

  it('keeps values that are not plain data as they are', () => {
    const file = new File(['%PDF-'], 'diploma.pdf');
    expect(redactSecrets({ file, count: 3, done: true }).file).toBe(file);
  });
});

describe('redactUrl', () => {
  it('masks secret query parameters and an SSO provider’s code, keeping the rest of the address', () => {
    expect(redactUrl('/sso?code=abc123&state=xyz#top')).toBe(
      `/sso?code=%5Bsecret%5D&state=xyz#top`,
    );
    expect(redactUrl('https://app.example.com/reset?token=t0k&email=o%40example.com')).toBe(
      'https://app.example.com/reset?token=%5Bsecret%5D&email=o%40example.com',
    );
    expect(redactUrl('/api/verifications/?page=2')).toBe('/api/verifications/?page=2');
    expect(redactUrl(`/api/check/${API_KEY}/`)).toBe(`/api/check/${SECRET_MARKER}/`);
  });
});
