// The email typed on the SSO screen survives the round trip to the identity provider here: the
// code that comes back is exchanged together with it.
export const SSO_EMAIL_STORAGE_KEY = 'qrverify.sso-email';

export function saveSsoEmail(email: string): void {
  localStorage.setItem(SSO_EMAIL_STORAGE_KEY, email);
}

export function readSsoEmail(): string | null {
  return localStorage.getItem(SSO_EMAIL_STORAGE_KEY);
}

export function forgetSsoEmail(): void {
  localStorage.removeItem(SSO_EMAIL_STORAGE_KEY);
}
