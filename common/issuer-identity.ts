// Who issued a document, said only as far as it is proven. A seal proves which key signed; the account behind the
// key names itself, and anyone can type any name. So a name is stated as the issuer's identity only when something
// outside the account vouches for it: a custom domain verified by DNS, or the service's operator, who checked it
// by hand (`npm run issuers -- verify`). Otherwise it is the name an account calls itself, said in those words,
// and withheld when it is built to look like another (it mixes alphabets, or another account's name reads the
// same). The public page, the scanner, `npm run verify` and the trust list all say it with the words below, in the
// reader's language (common/i18n).
import { ENGLISH } from './i18n/english';

import type { Translator } from './i18n/translator';

export const ISSUER_PROOFS = ['domain', 'operator'] as const;
/** What vouches for the issuer's identity. */
export type IssuerProof = (typeof ISSUER_PROOFS)[number];

export const WITHHELD_NAME_REASONS = ['shared', 'mixed_scripts'] as const;
/** Why the name an account gives itself is not shown: another account's reads the same, or it mixes alphabets. */
export type WithheldNameReason = (typeof WITHHELD_NAME_REASONS)[number];

/** An issuer's identity as the trust list and the public verification carry it. */
export interface IssuerIdentity {
  /** The proven identity: the verified custom domain (host), else the name the operator checked; null when none. */
  issuer: string | null;
  issuer_proof: IssuerProof | null;
  /** The organisation name the account gives itself, unchecked; null when it is withheld. */
  declared_name: string | null;
  declared_name_withheld: WithheldNameReason | null;
}

/** The issuer in words: who, and what the reader should know about how far that is proven. */
export interface IssuerWords {
  isProven: boolean;
  /** Fits "Sealed by …" when proven and "This document was issued by …" in every case. */
  name: string;
  /** The name as it opens a sentence ("An account …"): capitals belong to each language's message. */
  nameOpeningLine: string;
  /** Said right beside the name, never in smaller print: how it is known, or that it is not. */
  note: string | null;
}

export function issuerWords(identity: IssuerIdentity, t: Translator = ENGLISH): IssuerWords {
  const proven = (name: string, note: string | null) => ({
    isProven: true,
    name,
    nameOpeningLine: name,
    note,
  });
  if (identity.issuer && identity.issuer_proof === 'domain') {
    const declaredName = identity.declared_name;
    return proven(
      identity.issuer,
      declaredName ? t.t('issuer.domainNote', { declaredName: t.isolate(declaredName) }) : null,
    );
  }
  if (identity.issuer && identity.issuer_proof === 'operator') {
    return proven(identity.issuer, t.t('issuer.operatorNote'));
  }
  if (identity.declared_name) {
    const name = t.isolate(identity.declared_name);
    return {
      isProven: false,
      name: t.t('issuer.declaredName', { name }),
      nameOpeningLine: t.t('issuer.declaredNameStart', { name }),
      note: t.t('issuer.declaredNote'),
    };
  }
  return {
    isProven: false,
    name: t.t('issuer.hiddenName'),
    nameOpeningLine: t.t('issuer.hiddenNameStart'),
    note: t.t(
      identity.declared_name_withheld === 'mixed_scripts'
        ? 'issuer.withheldMixedScripts'
        : 'issuer.withheldShared',
    ),
  };
}

/** The issuer as one phrase, note included: "an account calling itself “X” (its name is not verified)". */
export function issuerPhrase(identity: IssuerIdentity, t: Translator = ENGLISH): string {
  const { name, note } = issuerWords(identity, t);
  return note ? t.t('issuer.withNote', { name, note }) : name;
}

/** An identity older clients (and fixtures) lack: an account whose name nothing vouches for. */
export function declaredOnly(name: string): IssuerIdentity {
  return { issuer: null, issuer_proof: null, declared_name: name, declared_name_withheld: null };
}

/** An identity as an older trust list or answer may carry it: every field but the name may be missing. */
export interface GivenIdentity {
  issuer?: string | null;
  issuer_proof?: IssuerProof | null;
  declared_name?: string | null;
  declared_name_withheld?: WithheldNameReason | null;
}

/**
 * The identity as far as it is proven. A trust list or answer from before issuer identities (a scanner's offline
 * copy, a browser's cached one, an older server's) has no `issuer_proof` and names in `issuer` (or `olderName`) what
 * the account calls itself: a declared name, never a proven one.
 */
export function provenIdentity(
  given: GivenIdentity,
  olderName: string = given.issuer ?? '',
): IssuerIdentity {
  if (given.issuer_proof === undefined) return declaredOnly(olderName);
  return {
    issuer: given.issuer ?? null,
    issuer_proof: given.issuer_proof,
    declared_name: given.declared_name ?? null,
    declared_name_withheld: given.declared_name_withheld ?? null,
  };
}
