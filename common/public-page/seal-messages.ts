// What a seal check means to a reader, in words: the public page's seal line and the scanner both say it this
// way, so a person who meets a warning in one place reads the same sentence in the other, in the reader's language.
import { ENGLISH } from '../i18n/english';
import { issuerWords, provenIdentity } from '../issuer-identity';

import type { MessageKey, Translator } from '../i18n/translator';
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

const WARNING_ADVICE: Record<SealMessagePlace, MessageKey> = {
  // Under the page's own headline, 'Do not rely on this code': what to do about it.
  page: 'seal.warningAdvicePage',
  scanner: 'seal.warningAdviceScanner',
};

const WARNING_TITLES: Record<
  Exclude<SealCheck['state'], 'verified' | 'key-revoked'>,
  MessageKey
> = {
  missing: 'seal.missing',
  malformed: 'seal.invalid',
  invalid: 'seal.invalid',
  'different-record': 'seal.differentRecord',
  'unknown-key': 'seal.unknownKey',
};

/** The seal's title when it verifies: "Sealed by" only for a proven issuer. */
function verifiedMessage(key: TrustedKey, t: Translator): SealMessage {
  const { isProven, name, note } = issuerWords(provenIdentity(key), t);
  if (isProven) {
    return {
      tone: 'verified',
      title: note ? t.t('seal.sealedByWithNote', { name, note }) : t.t('seal.sealedBy', { name }),
      advice: t.t('seal.verifiedAdvice'),
    };
  }
  return {
    tone: 'declared',
    title: note ? t.t('seal.issuedByWithNote', { name, note }) : t.t('seal.issuedBy', { name }),
    advice: t.t('seal.declaredAdvice'),
  };
}

/** A revoked key's title: its holder named only when proven. */
function keyRevokedTitle(key: TrustedKey, t: Translator): string {
  const { isProven, name } = issuerWords(provenIdentity(key), t);
  return isProven ? t.t('seal.keyRevokedBy', { holder: name }) : t.t('seal.keyRevoked');
}

export interface SealMessageOptions {
  isSealedRecord: boolean;
  place?: SealMessagePlace;
  /** The reader's language; English by default. */
  t?: Translator;
}

/**
 * The message for a seal check, or null when there is nothing to say: a code issued before seals existed (or
 * with its template's seal turned off) carries none and should not.
 */
export function sealMessage(
  check: SealCheckOutcome,
  { isSealedRecord, place = 'page', t = ENGLISH }: SealMessageOptions,
): SealMessage | null {
  const warning = (title: string): SealMessage => ({
    tone: 'warning',
    title,
    advice: t.t(WARNING_ADVICE[place]),
  });
  switch (check.state) {
    case 'verified':
      return verifiedMessage(check.key, t);
    case 'key-revoked':
      return warning(keyRevokedTitle(check.key, t));
    case 'unchecked':
      return {
        tone: 'unchecked',
        title: t.t('seal.uncheckedTitle'),
        advice: t.t('seal.uncheckedAdvice'),
      };
    case 'missing':
      return isSealedRecord ? warning(t.t(WARNING_TITLES.missing)) : null;
    default:
      return warning(t.t(WARNING_TITLES[check.state]));
  }
}

/** The signed facts in one line, for the reader to compare with the paper. */
export function sealFactsLine(facts: SealFacts, t: Translator = ENGLISH): string {
  const parts = [
    facts.holderName && t.t('facts.holder', { name: facts.holderName }),
    t.t('facts.issued', { date: t.date(facts.issueDate) }),
    facts.expiryDate
      ? t.t('facts.expires', { date: t.date(facts.expiryDate) })
      : t.t('facts.noExpiry'),
    t.t('facts.code', { code: facts.code }),
    t.t('facts.sealed', { date: t.date(facts.sealedAt), time: facts.sealedAt.slice(11, 16) }),
  ];
  return t.t('facts.line', { facts: parts.filter(Boolean).join(t.t('facts.separator')) });
}
