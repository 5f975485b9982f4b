import { normaliseEmail } from '@common/auth';

/** The part after the last @, lower-cased: what SSO connections are matched on. */
export function emailDomain(email: string): string {
  return normaliseEmail(email).split('@').pop() ?? '';
}
