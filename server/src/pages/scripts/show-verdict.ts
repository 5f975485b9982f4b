// Writes the public page's verdict again once the seal has been checked in the browser: the headline, its colour
// and icon, which status sentence shows, the seal's line, the download and the copy check's answers — each from
// the PageVerdict and with the same markup the server wrote (common/public-page/), so a cell reads the same
// whichever side rendered it.
import type { Translator } from '@common/i18n/translator';
import { ICONS } from '@common/public-page/icons';
import { pageTitle, type PageVerdict } from '@common/public-page/page-verdict';
import { downloadClass, sealPart } from '@common/public-page/verdict-section';

/** Sent on the document when the verdict changes, so a copy check already shown can follow it. */
export const VERDICT_CHANGED_EVENT = 'qrverify:verdict';

function showCopyCheckTexts(document: Document, verdict: PageVerdict): void {
  const check = document.getElementById('check');
  if (!check || !verdict.copyCheck) return;
  const { matchTone, original, secured, mismatch } = verdict.copyCheck;
  check.dataset.matchTone = matchTone;
  check.dataset.originalMessage = original;
  check.dataset.securedMessage = secured;
  check.dataset.mismatchMessage = mismatch;
}

export function showVerdict(document: Document, verdict: PageVerdict, t?: Translator): void {
  const section = document.querySelector<HTMLElement>('.verdict');
  if (!section) return;
  section.className = `verdict verdict-${verdict.tone}`;
  section.querySelector('.verdict-icon')!.innerHTML = ICONS[verdict.icon];
  section.querySelector('#verdict')!.textContent = verdict.headline;
  for (const line of section.querySelectorAll<HTMLElement>('[data-status-line]')) {
    line.hidden = line.dataset.statusLine !== verdict.statusLine;
  }
  const seal = section.querySelector('#seal');
  // Markup from sealPart, whose every value is escaped (common/public-page/html.ts).
  if (seal) seal.outerHTML = sealPart(verdict.seal, section.dataset.scannerUrl, t).value;
  const download = document.querySelector('a[download]');
  if (download) download.className = downloadClass(verdict.download);
  showCopyCheckTexts(document, verdict);
  const documentTitle = document.getElementById('document-title')?.textContent ?? null;
  document.title = pageTitle(verdict.headline, documentTitle, t);
  section.removeAttribute('data-awaits-seal');
  section.removeAttribute('aria-busy');
  document.body.removeAttribute('data-seal-line-pending');
  document.dispatchEvent(new document.defaultView!.CustomEvent(VERDICT_CHANGED_EVENT));
}
