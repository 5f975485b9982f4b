import { personName } from '../../lib/person-name';

/** How public pages name an account's issuer: its organisation name, else its owner's name until one is set. */
export function issuerName(
  organisationName: string | null,
  ownerFirstName: string,
  ownerLastName: string,
): string {
  return organisationName ?? personName(ownerFirstName, ownerLastName);
}
