// The public page's seal check: checks the seal in this page's own URL fragment (which never reaches the server)
// with the one verifier, common/seals/verify-seal.ts, against the trust list of this same origin, and writes the
// page's one verdict again with what it found (common/public-page/page-verdict.ts). Runs in the browser:
// page-assets.ts bundles it (esbuild) and the app serves it under /v/assets/. Without JavaScript the page keeps
// the verdict the server wrote, which never depends on the seal.
import { ENGLISH } from '@common/i18n/english';
import { isLanguage } from '@common/i18n/languages';
import { createTranslator, type ParsedMessages, type Translator } from '@common/i18n/translator';
import { pageVerdict, type PageRecordState } from '@common/public-page/page-verdict';
import type { SealCheckOutcome } from '@common/public-page/seal-messages';
import { TRUST_LIST_PATH, type TrustList } from '@common/seals/trust-list';
import { parseSealedUrl, verifySeal } from '@common/seals/verify-seal';

import { showVerdict } from './show-verdict';

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

declare global {
  interface Window {
    /** The page's catalogue, from its language's messages asset (page-assets.ts); none on an English page. */
    qrverifyMessages?: ParsedMessages;
  }
}

/** The page's language, whose catalogue its messages asset brought; English without one. */
function pageTranslator(): Translator {
  const language = document.documentElement.lang;
  const messages = window.qrverifyMessages;
  return messages && isLanguage(language) ? createTranslator(language, messages) : ENGLISH;
}

async function checkPageSeal(section: HTMLElement): Promise<void> {
  const seal = await checkSeal();
  const t = pageTranslator();
  const verdict = pageVerdict({
    state: section.dataset.status as PageRecordState,
    isSealed: section.dataset.sealed === 'true',
    seal,
    t,
  });
  showVerdict(document, verdict, t);
}

// Only a verification's page carries its status; a not-found or withdrawn page has nothing to check.
const section = document.querySelector<HTMLElement>('.verdict[data-status]');
if (section) void checkPageSeal(section);
