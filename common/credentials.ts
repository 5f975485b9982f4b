// Verifiable credentials (docs/credentials.md): where an issuer's DID document, its revocation list and a
// verification's credential are served, and the LinkedIn add-to-profile link a holder is offered. No zod here.

/** Entries in an account's Bitstring Status List: the spec's minimum, so that an index tells nothing of a holder. */
export const STATUS_LIST_LENGTH = 131_072;

/** A custom domain's own DID document (did:web:{domain}). */
export const DOMAIN_DID_PATH = '/.well-known/did.json';

/** The account's DID document (did:web:{host}:issuers:{account id}). */
export function issuerDidPath(accountId: string): string {
  return `/issuers/${accountId}/did.json`;
}

/**
 * One of the account's signed revocation lists (a BitstringStatusListCredential): the first at the address the
 * earliest credentials name, each further one (once the one before is nearly full) below it.
 */
export function statusListPath(accountId: string, listNumber: number | string = 0): string {
  const first = `/issuers/${accountId}/status/revocation`;
  return listNumber === 0 ? first : `${first}/${listNumber}`;
}

/** A verification's signed credential, as anyone holding its code may download it. */
export function publicCredentialPath(code: string): string {
  return `/api/public/verifications/${code}/credential/`;
}

/** A verification's Open Badge as a PNG with its credential baked in (OB 3.0 baking), offered as the credential is. */
export function publicBadgePath(code: string): string {
  return `/api/public/verifications/${code}/badge.png`;
}

/** What LinkedIn's "Add to profile" form is filled with: the certification as the credential states it. */
export interface LinkedInCertification {
  name: string;
  organizationName: string;
  /** YYYY-MM-DD */
  issueDate: string;
  expiryDate: string | null;
  certUrl: string;
  certId: string;
}

/** LinkedIn's add-to-profile link for a certification (months 1–12). */
export function linkedInAddToProfileUrl(certification: LinkedInCertification): string {
  const [issueYear, issueMonth] = certification.issueDate.split('-');
  const [expirationYear, expirationMonth] = certification.expiryDate?.split('-') ?? [];
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certification.name,
    organizationName: certification.organizationName,
    issueYear: issueYear!,
    issueMonth: String(Number(issueMonth)),
    ...(expirationYear && expirationMonth
      ? { expirationYear, expirationMonth: String(Number(expirationMonth)) }
      : {}),
    certUrl: certification.certUrl,
    certId: certification.certId,
  });
  return `https://www.linkedin.com/profile/add?${query.toString()}`;
}
