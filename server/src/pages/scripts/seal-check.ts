// The public page's seal line: checks the seal in this page's own URL fragment (which never reaches the server)
// with the one verifier, common/seals/verify-seal.ts, against the trust list of this same origin, and says what it
// found under the verdict. Runs in the browser: page-assets.ts bundles it (esbuild) and the app serves it under
// /v/assets/. Without JavaScript the line stays hidden and the rest of the page reads as before.
import {
  sealFactsLine,
  sealMessage,
  type SealCheckOutcome,
} from '@common/public-page/seal-messages';
import { TRUST_LIST_PATH, type TrustList } from '@common/seals/trust-list';
import { parseSealedUrl, verifySeal } from '@common/seals/verify-seal';

async function fetchTrustList(): Promise<TrustList> {
  const response = await fetch(TRUST_LIST_PATH, { credentials: 'omit' });
  if (!response.ok) throw new Error(`The trust list answered ${response.status}`);
  return (await response.json()) as TrustList;
}

async function checkSeal(): Promise<SealCheckOutcome> {
  const url = parseSealedUrl(window.location.href);
  if (!url?.seal) return { state: 'missing' };
  try {
    return await verifySeal(url, await fetchTrustList());
  } catch {
    // No trust list (a network blip) or no WebCrypto (a plain-http page): nothing can be said either way.
    return { state: 'unchecked' };
  }
}

async function showSealLine(section: HTMLElement): Promise<void> {
  const check = await checkSeal();
  const message = sealMessage(check, { isSealedRecord: section.dataset.sealed === 'true' });
  if (!message) return;
  section.dataset.state = message.tone;
  section.querySelector('.seal-title')!.textContent = message.title;
  section.querySelector('.seal-advice')!.textContent = message.advice;
  const facts = section.querySelector<HTMLElement>('.seal-facts')!;
  if (check.state === 'verified') facts.textContent = sealFactsLine(check.facts);
  facts.hidden = check.state !== 'verified';
  section.hidden = false;
}

const section = document.getElementById('seal');
if (section) void showSealLine(section);
