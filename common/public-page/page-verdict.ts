// The public page's one verdict: for a verification's status and what its seal check found, the one headline, its
// colour and the lines under it, the download and the copy check's answers. The server renders the page with it
// before the seal is known (the seal rides in the URL's fragment, which never reaches the server) and the seal
// check in the browser renders it again with what it found, so the two can never disagree. The matrix, cell by
// cell, is docs/public-page.md.
import { ENGLISH } from '../i18n/english';

import {
  sealFactsLine,
  sealMessage,
  type SealCheckOutcome,
  type SealMessage,
  type SealTone,
} from './seal-messages';

import type { MessageKey, Translator } from '../i18n/translator';
import type { VerificationStatus } from '../verifications';

/** What the page knows of the code: a verification's status, or no verification at all. */
export type PageRecordState = VerificationStatus | 'withdrawn' | 'not-found';

/** The seal as far as it is known: 'pending' on the server, which never sees the fragment. */
export type PageSeal = SealCheckOutcome | { state: 'pending' };

export type VerdictTone = 'green' | 'amber' | 'red';
export type VerdictIcon = 'check' | 'clock' | 'cross' | 'question' | 'alert';

/**
 * The sentence about the verification under the headline: the status as it is, or, when the seal failed, that the
 * code names a valid document which the paper may not be (the renderer writes both for a valid verification).
 */
export type StatusLine = 'status' | 'seal-failed';

export interface SealLine {
  /**
   * The shield (its tick) only for a seal that verifies with a proven issuer; 'account' for one that verifies but
   * whose account only names itself.
   */
  icon: 'shield' | 'account' | 'alert' | 'info';
  /** As the scanner's: an address without a seal is 'unchecked' too (nothing was checked). */
  tone: SealTone;
  title: string;
  advice: string | null;
  /** The signed facts, to compare with the paper (only for a verified seal). */
  facts: string | null;
  /** Whether the line links to the QR Verify scanner (what to do next). */
  hasScannerLink: boolean;
}

export interface CopyCheckTexts {
  /** Green only under a green headline: a matching file of a revoked document is no good news. */
  matchTone: 'green' | 'neutral';
  original: string;
  secured: string;
  mismatch: string;
}

export interface PageVerdict {
  headline: string;
  tone: VerdictTone;
  icon: VerdictIcon;
  statusLine: StatusLine;
  /** Secondary, in the text colour whatever the headline: 'signature verified' is never green on its own. */
  seal: SealLine | null;
  /** A revoked document is not offered; an expired one, or one whose seal failed, only as a plain link. */
  download: 'button' | 'link' | 'none';
  /** Null when there is no verification to compare a file with. */
  copyCheck: CopyCheckTexts | null;
  /** The seal, checked in the browser, may still change the headline: the page holds it back until then. */
  awaitsSeal: boolean;
}

export interface PageVerdictInput {
  state: PageRecordState;
  /** Issued with a seal: its QR code's URL carries one. */
  isSealed: boolean;
  seal: PageSeal;
  /** The reader's language; English by default. */
  t?: Translator;
}

type FailedSeal = Extract<
  SealCheckOutcome,
  { state: 'malformed' | 'invalid' | 'unknown-key' | 'different-record' | 'key-revoked' }
>;

const HEADLINES: Record<
  PageRecordState,
  { headline: MessageKey; tone: VerdictTone; icon: VerdictIcon }
> = {
  active: { headline: 'headline.active', tone: 'green', icon: 'check' },
  expired: { headline: 'headline.expired', tone: 'amber', icon: 'clock' },
  revoked: { headline: 'headline.revoked', tone: 'red', icon: 'cross' },
  withdrawn: { headline: 'headline.withdrawn', tone: 'red', icon: 'cross' },
  'not-found': { headline: 'headline.notFound', tone: 'red', icon: 'question' },
};

function headlineOf(state: PageRecordState, t: Translator) {
  const { headline, tone, icon } = HEADLINES[state];
  return { headline: t.t(headline), tone, icon };
}

export function missingSealLine(t: Translator = ENGLISH): { title: string; advice: string } {
  return { title: t.t('seal.addressMissingTitle'), advice: t.t('seal.addressMissingAdvice') };
}

export const MISSING_SEAL_LINE = missingSealLine();

/** What a seal that verified adds to a status that is not valid: the paper is genuine, the document is not good. */
const GENUINE_BUT: Partial<Record<VerificationStatus, MessageKey>> = {
  revoked: 'seal.genuineButRevoked',
  expired: 'seal.genuineButExpired',
};

const DOWNLOADS: Record<VerificationStatus, PageVerdict['download']> = {
  active: 'button',
  expired: 'link',
  revoked: 'none',
};

/** Whether the page offers the secured document at all (the download answers only when it does). */
export function isDownloadOffered(status: VerificationStatus): boolean {
  return DOWNLOADS[status] !== 'none';
}

function isFailed(seal: PageSeal): seal is FailedSeal {
  return !['pending', 'missing', 'verified', 'unchecked'].includes(seal.state);
}

function copyCheckTexts(
  status: VerificationStatus,
  tone: VerdictTone,
  t: Translator,
): CopyCheckTexts {
  return {
    matchTone: tone === 'green' ? 'green' : 'neutral',
    original: t.t('check.original', { status }),
    secured: t.t('check.secured', { status }),
    mismatch: t.t('check.mismatch'),
  };
}

/** A seal that verifies shows the shield only when its issuer is proven. */
function verifiedIcon(message: SealMessage): SealLine['icon'] {
  return message.tone === 'verified' ? 'shield' : 'account';
}

/** The seal's line on a valid verification, whose headline it may turn. */
function validSealLine(seal: PageSeal, isSealed: boolean, t: Translator): SealLine | null {
  if (seal.state === 'pending') return null;
  if (seal.state === 'missing') {
    return isSealed
      ? {
          icon: 'info',
          tone: 'unchecked',
          ...missingSealLine(t),
          facts: null,
          hasScannerLink: true,
        }
      : null;
  }
  const message = sealMessage(seal, { isSealedRecord: isSealed, place: 'page', t })!;
  if (seal.state === 'verified') {
    return {
      icon: verifiedIcon(message),
      tone: message.tone,
      title: message.title,
      advice: message.advice,
      facts: sealFactsLine(seal.facts, t),
      hasScannerLink: false,
    };
  }
  return {
    icon: seal.state === 'unchecked' ? 'info' : 'alert',
    tone: message.tone,
    title: message.title,
    advice: message.advice,
    facts: null,
    hasScannerLink: true,
  };
}

/**
 * The seal's line on a revoked or expired verification: the status is the verdict whatever the seal says, so a
 * missing or unchecked seal adds nothing, and a verified one says the paper is genuine, not that it is good.
 */
function settledSealLine(
  seal: PageSeal,
  status: VerificationStatus,
  t: Translator,
): SealLine | null {
  if (seal.state === 'verified') {
    const message = sealMessage(seal, { isSealedRecord: true, t })!;
    const genuineBut = GENUINE_BUT[status];
    return {
      icon: verifiedIcon(message),
      tone: message.tone,
      title: message.title,
      advice: genuineBut ? t.t(genuineBut) : null,
      facts: sealFactsLine(seal.facts, t),
      hasScannerLink: false,
    };
  }
  if (!isFailed(seal)) return null;
  const { title } = sealMessage(seal, { isSealedRecord: true, t })!;
  return {
    icon: 'alert',
    tone: 'warning',
    title,
    advice: null,
    facts: null,
    hasScannerLink: false,
  };
}

export function pageVerdict({ state, isSealed, seal, t = ENGLISH }: PageVerdictInput): PageVerdict {
  if (state === 'withdrawn' || state === 'not-found') {
    // No verification: nothing to check a seal or a file against, nothing to download.
    return {
      ...headlineOf(state, t),
      statusLine: 'status',
      seal: null,
      download: 'none',
      copyCheck: null,
      awaitsSeal: false,
    };
  }
  if (state === 'active' && isFailed(seal)) {
    return {
      headline: t.t('headline.sealFailed'),
      tone: 'red',
      icon: 'alert',
      statusLine: 'seal-failed',
      seal: validSealLine(seal, isSealed, t),
      download: 'link',
      copyCheck: copyCheckTexts(state, 'red', t),
      awaitsSeal: false,
    };
  }
  const headline = headlineOf(state, t);
  return {
    ...headline,
    statusLine: 'status',
    seal: state === 'active' ? validSealLine(seal, isSealed, t) : settledSealLine(seal, state, t),
    download: DOWNLOADS[state],
    copyCheck: copyCheckTexts(state, headline.tone, t),
    // Only a sealed, valid verification's headline is held back: an unsealed code's paper carries no seal, so a
    // seal on its address is made up, and whoever made it gains nothing from a moment of 'Valid'.
    awaitsSeal: state === 'active' && isSealed && seal.state === 'pending',
  };
}

/** The tab's title: the headline first, so a row of tabs shows each verdict. */
export function pageTitle(
  headline: string,
  documentTitle: string | null,
  t: Translator = ENGLISH,
): string {
  return documentTitle
    ? t.t('pageTitle.document', { headline, title: t.isolate(documentTitle) })
    : t.t('pageTitle.plain', { headline });
}
