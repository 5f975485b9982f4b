// A new account's name from what an identity provider says, falling back to the email's local part.
// The provider's text gets the rules a typed name gets: no control characters or invisible formatting.
import { withoutInvisibleFormatting, withoutUnpairedSurrogates } from '@common/text-schemas';

const NAME_MAX_LENGTH = 150;

function clean(value: string | undefined): string {
  const text = withoutInvisibleFormatting(value ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, NAME_MAX_LENGTH);
  return withoutUnpairedSurrogates(text);
}

export function displayName(
  email: string,
  givenName?: string,
  familyName?: string,
  fullName?: string,
): { firstName: string; lastName: string } {
  const firstName = clean(givenName) || clean(fullName) || clean(email.split('@')[0]) || email;
  return { firstName, lastName: clean(familyName) };
}
