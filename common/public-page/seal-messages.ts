// What a seal check means to a reader, in words: the public page's seal line and the scanner both say it this
// way, so a person who meets a warning in one place reads the same sentence in the other.
import { longDate } from '../dates';
import { issuerWords, provenIdentity } from '../issuer-identity';

import type { SealFacts } from '../seals/seal-format';
import type { TrustedKey } from '../seals/trust-list';
import type { SealCheck } from '../seals/verify-seal';

/**
 * 'verified': the seal verifies and who issued it is proven (a verified domain, or the operator); 'declared': the
 * seal verifies, but the account behind the key only names itself — never shown with the verified tick.
 */
export type SealTone = 'verified' | 'declared' | 'warning' | 'unchecked';

export interface SealMessage {
  tone: SealTone;
  title: string;
  /** What the seal shows and what the reader should do next. */
  advice: string;
}

/** The trust list could not be loaded, so the seal could not be checked at all. */
export type SealCheckOutcome = SealCheck | { state: 'unchecked' };

/** Where the message shows: the scanner does not send the reader to itself. */
export type SealMessagePlace = 'page' | 'scanner';

const WARNING_ADVICE: Record<SealMessagePlace, string> = {
  // Under the page's own headline, 'Do not rely on this code': what to do about it.
  page:
    'Scan the QR code on the paper with the QR Verify scanner, and ask the issuer to confirm the document with ' +
    'contact details you already trust.',
  scanner:
    'Do not rely on this document: ask its issuer to confirm it, with contact details you already trust.',
};

const DECLARED_ADVICE =
  'The signature verifies, so the facts below are as this account signed them, but nothing proves who the ' +
  'account is: confirm with the organisation through contact details you already trust.';

/** The seal's title when it verifies: "Sealed by" only for a proven issuer. */
function verifiedMessage(key: TrustedKey): SealMessage {
  const { isProven, name, note } = issuerWords(provenIdentity(key));
  if (isProven) {
    return {
      tone: 'verified',
      title: `Sealed by ${name}${note ? ` (${note})` : ''} — signature verified`,
      advice: 'The facts below were signed by the issuer; compare them with the paper.',
    };
  }
  return {
    tone: 'declared',
    title: `Issued by ${name}${note ? ` — ${note}` : ''}`,
    advice: DECLARED_ADVICE,
  };
}

/** A revoked key's holder, named only when proven. */
function keyHolder(key: TrustedKey): string {
  const { isProven, name } = issuerWords(provenIdentity(key));
  return isProven ? name : 'its issuer';
}

/**
 * The message for a seal check, or null when there is nothing to say: a code issued before seals existed (or
 * with its template's seal turned off) carries none and should not.
 */
export function sealMessage(
  check: SealCheckOutcome,
  { isSealedRecord, place = 'page' }: { isSealedRecord: boolean; place?: SealMessagePlace },
): SealMessage | null {
  const warning = (title: string): SealMessage => ({
    tone: 'warning',
    title,
    advice: WARNING_ADVICE[place],
  });
  switch (check.state) {
    case 'verified':
      return verifiedMessage(check.key);
    case 'missing':
      return isSealedRecord
        ? warning('This code should carry a seal but does not — it may be a copy')
        : null;
    case 'malformed':
    case 'invalid':
      return warning(
        'The seal on this code does not verify — the code may have been altered or copied to another site',
      );
    case 'different-record':
      return warning(
        'The seal on this code belongs to a different document — the code may have been copied from it',
      );
    case 'key-revoked':
      return warning(
        `The seal on this code was made with a key ${keyHolder(check.key)} has revoked — it can no longer be trusted`,
      );
    case 'unknown-key':
      return warning(
        'The seal on this code was made with a key no issuer of ours holds — it may be forged',
      );
    case 'unchecked':
      return {
        tone: 'unchecked',
        title: 'The seal on this code could not be checked just now',
        advice: 'Reload the page to try again, or check the code with the QR Verify scanner.',
      };
  }
}

/** The signed facts in one line, for the reader to compare with the paper. */
export function sealFactsLine(facts: SealFacts): string {
  const parts = [
    facts.holderName && `Holder ${facts.holderName}`,
    `issued ${longDate(facts.issueDate)}`,
    facts.expiryDate ? `expires ${longDate(facts.expiryDate)}` : 'does not expire',
    `code ${facts.code}`,
    `sealed ${longDate(facts.sealedAt)} ${facts.sealedAt.slice(11, 16)} UTC`,
  ];
  return `Signed: ${parts.filter(Boolean).join(' · ')}`;
}
