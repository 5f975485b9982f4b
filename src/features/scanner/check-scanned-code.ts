// What a scanned QR code's text amounts to: its URL's seal checked against the trust list, and whether its host is
// one a genuine code can point at (ours, or the signing account's verified custom domain). Needs no network.

import type { SealCheckOutcome } from '@common/public-page/seal-messages';
import type { TrustList } from '@common/seals/trust-list';
import {
  isTrustedHost,
  parseSealedUrl,
  verifySeal,
  type SealedUrl,
} from '@common/seals/verify-seal';

export interface ScannedCodeCheck {
  url: SealedUrl;
  /** 'unchecked' when this device has no trust list yet (never online). */
  seal: SealCheckOutcome;
  /** False for a look-alike site: whatever its page says, it is not ours. */
  isTrustedHost: boolean;
}

/** No trust list on this device: only the host it was loaded from is known to be ours. */
function hostOnly(): TrustList {
  return { keys: [], service_hosts: [window.location.host] };
}

/** The check of a scanned text, or null when the text is not a web address. */
export async function checkScannedCode(
  text: string,
  trustList: TrustList | null,
): Promise<ScannedCodeCheck | null> {
  const url = parseSealedUrl(text);
  if (!url) return null;
  if (!trustList) {
    const seal: SealCheckOutcome = url.seal ? { state: 'unchecked' } : { state: 'missing' };
    return { url, seal, isTrustedHost: isTrustedHost(url.host, hostOnly()) };
  }
  const seal = await verifySeal(url, trustList);
  // A custom domain counts only for the account whose signature verified; an invalid seal proves no account.
  const signer =
    seal.state === 'verified' || seal.state === 'different-record' || seal.state === 'key-revoked'
      ? seal.key
      : undefined;
  return { url, seal, isTrustedHost: isTrustedHost(url.host, trustList, signer) };
}
