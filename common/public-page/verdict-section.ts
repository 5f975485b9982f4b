// The verdict at the top of the public page, as markup: the one headline with its colour and icon, the sentence
// on the verification's status and the seal's line, written from a PageVerdict (page-verdict.ts). The server writes
// the whole section; the seal check in the browser writes the seal's line again with the same function.
import { ENGLISH } from '../i18n/english';
import { issuerWords, type IssuerIdentity } from '../issuer-identity';

import { html, htmlMessage, linkTag, trusted, type SafeHtml } from './html';
import { ICONS } from './icons';

import type { Translator } from '../i18n/translator';
import type { PublicVerification } from '../verifications-schemas';
import type { PageRecordState, PageVerdict, SealLine, StatusLine } from './page-verdict';

export function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

export function icon(name: keyof typeof ICONS): SafeHtml {
  return trusted(ICONS[name]);
}

/** The download is a button only under a green headline; otherwise a plain link (or, revoked, not there). */
export function downloadClass(download: PageVerdict['download']): string {
  return download === 'button' ? 'button' : 'download-link';
}

/**
 * Who issued the verification, as far as it is proven (common/issuer-identity.ts): a proven name in bold, an
 * account's own name in its words ("An account …" when it opens a line of its own), each with its note beside it in
 * the same print.
 */
export function issuerLine(
  issuer: IssuerIdentity,
  { opensLine = false, t = ENGLISH }: { opensLine?: boolean; t?: Translator } = {},
): SafeHtml {
  const { isProven, name, nameOpeningLine, note } = issuerWords(issuer, t);
  // Names and hosts keep their own direction inside a right-to-left sentence.
  const words = isProven
    ? html`<strong><bdi>${name}</bdi></strong>`
    : html`${opensLine ? nameOpeningLine : name}`;
  return note ? htmlMessage(t, 'issuer.withNote', { name: words, note }) : words;
}

function revocationNotes(verification: PublicVerification, t: Translator): SafeHtml {
  const { revocation_reason: reason, replaced_by_code: replacement } = verification;
  return html`${reason ? html`<p class="explain">${htmlMessage(t, 'status.reason', { reason: html`<bdi>${reason}</bdi>` })}</p>` : ''}${
    replacement
      ? html`<p class="explain">
          ${htmlMessage(t, 'status.replaced', { link: linkTag(`/v/${pathSegment(replacement)}`) })}
        </p>`
      : ''
  }`;
}

/** What the headline's status means for this verification, in a sentence or two. */
function statusSentence(
  verification: PublicVerification,
  issuer: SafeHtml,
  t: Translator,
): SafeHtml {
  const sentence = (message: SafeHtml) => html`<p class="explain">${message}</p>`;
  switch (verification.status) {
    case 'active':
      return sentence(htmlMessage(t, 'status.active', { issuer }));
    case 'expired':
      return sentence(
        htmlMessage(t, 'status.expired', { issuer, date: t.date(verification.expiry_date ?? '') }),
      );
    case 'revoked':
      return html`${sentence(
        verification.revoked_at
          ? htmlMessage(t, 'status.revokedOn', { issuer, date: t.date(verification.revoked_at) })
          : htmlMessage(t, 'status.revoked', { issuer }),
      )}${revocationNotes(verification, t)}`;
  }
}

/**
 * The sentences under the headline, one block per StatusLine the verdict may show; a valid verification also
 * carries the one its headline turns to when the seal fails, hidden until then.
 */
function statusLines(
  state: PageRecordState,
  verification: PublicVerification | null,
  shown: StatusLine,
  t: Translator,
): SafeHtml {
  if (!verification) {
    return html`<p class="explain">
      ${t.t(state === 'withdrawn' ? 'status.withdrawn' : 'status.notFound')}
    </p>`;
  }
  const issuer = issuerLine(verification.issuer, { t });
  const block = (line: StatusLine, content: SafeHtml) =>
    html`<div data-status-line="${line}" ${line === shown ? '' : trusted('hidden')}>
      ${content}
    </div>`;
  return html`${block('status', statusSentence(verification, issuer, t))}${
    verification.status === 'active' &&
    block(
      'seal-failed',
      html`<p class="explain">${htmlMessage(t, 'status.sealFailed', { issuer })}</p>`,
    )
  }`;
}

/** The seal's line, secondary to the headline; empty and hidden while there is nothing to say. */
export function sealPart(
  seal: SealLine | null,
  scannerUrl: string | undefined,
  t: Translator = ENGLISH,
): SafeHtml {
  const label = t.t('seal.label');
  if (!seal)
    return html`<div class="seal" id="seal" role="status" aria-label="${label}" hidden></div>`;
  return html`<div
    class="seal"
    id="seal"
    role="status"
    aria-label="${label}"
    data-icon="${seal.icon}"
    data-tone="${seal.tone}"
  >
    <span class="seal-icon">${icon(seal.icon)}</span>
    <div>
      <p class="seal-title">${seal.title}</p>
      ${seal.advice && html`<p class="seal-advice">${seal.advice}</p>`}
      ${seal.facts && html`<p class="seal-facts">${seal.facts}</p>`}
      ${
        seal.hasScannerLink &&
        scannerUrl &&
        html`<p class="seal-scan"><a href="${scannerUrl}">${t.t('seal.scannerLink')}</a></p>`
      }
    </div>
  </div>`;
}

export interface VerdictSectionView {
  state: PageRecordState;
  verification: PublicVerification | null;
  /** Set when the seal check runs on this page (not in a preview): the seal's line has its place. */
  checksSeal: boolean;
  scannerUrl?: string;
  t: Translator;
}

export function verdictSection(view: VerdictSectionView, verdict: PageVerdict): SafeHtml {
  const { verification, t } = view;
  const isSealed = verification?.sealed === true;
  const awaitsSeal = verdict.awaitsSeal && view.checksSeal;
  return html`<section
    class="verdict verdict-${verdict.tone}"
    aria-labelledby="verdict"
    ${verification && html`data-status="${verification.status}" data-sealed="${String(isSealed)}"`}
    ${view.scannerUrl && html`data-scanner-url="${view.scannerUrl}"`}
    ${awaitsSeal && trusted('data-awaits-seal aria-busy="true"')}
  >
    <div class="verdict-main">
      <span class="verdict-icon">${icon(verdict.icon)}</span>
      <div>
        <h1 id="verdict">${verdict.headline}</h1>
        ${statusLines(view.state, verification, verdict.statusLine, t)}
      </div>
    </div>
    ${verification && view.checksSeal && sealPart(verdict.seal, view.scannerUrl, t)}
    ${
      verification &&
      isSealed &&
      view.checksSeal &&
      html`<noscript><p class="seal-quiet">${t.t('seal.noScript')}</p></noscript>`
    }
  </section>`;
}
