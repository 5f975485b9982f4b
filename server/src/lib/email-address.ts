/** Emails are compared and stored trimmed and lower-cased, everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The part after the last @, lower-cased: what SSO connections are matched on. */
export function emailDomain(email: string): string {
  return normaliseEmail(email).split('@').pop() ?? '';
}
