// The verdict at the top of the public page, as markup: the one headline with its colour and icon, the sentence
// on the verification's status and the seal's line, written from a PageVerdict (page-verdict.ts). The server writes
// the whole section; the seal check in the browser writes the seal's line again with the same function.
import { longDate } from '../dates';
import { issuerWords, type IssuerIdentity } from '../issuer-identity';

import { html, trusted, type SafeHtml } from './html';
import { ICONS } from './icons';

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
  { opensLine = false }: { opensLine?: boolean } = {},
): SafeHtml {
  const { isProven, name, note } = issuerWords(issuer);
  const words = opensLine ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  return html`${isProven ? html`<strong>${name}</strong>` : words}${note && html` (${note})`}`;
}

function revocationNotes(verification: PublicVerification): SafeHtml {
  const { revocation_reason: reason, replaced_by_code: replacement } = verification;
  return html`${reason ? html`<p class="explain">Reason: ${reason}</p>` : ''}${
    replacement
      ? html`<p class="explain">
          It has been replaced by a newer document:
          <a href="/v/${pathSegment(replacement)}">see the replacement</a>.
        </p>`
      : ''
  }`;
}

/** What the headline's status means for this verification, in a sentence or two. */
function statusSentence(verification: PublicVerification, issuer: SafeHtml): SafeHtml {
  switch (verification.status) {
    case 'active':
      return html`<p class="explain">This document was issued by ${issuer} and is valid.</p>`;
    case 'expired':
      return html`<p class="explain">
        This document was issued by ${issuer} and expired on
        ${longDate(verification.expiry_date ?? '')}.
      </p>`;
    case 'revoked':
      return html`<p class="explain">
          This document was issued by ${issuer} and
          revoked${verification.revoked_at ? html` on ${longDate(verification.revoked_at)}` : ''}.
          It is no longer valid.
        </p>
        ${revocationNotes(verification)}`;
  }
}

const NO_VERIFICATION: Record<'withdrawn' | 'not-found', SafeHtml> = {
  withdrawn: html`<p class="explain">
    This record was withdrawn by its issuer. It can no longer be checked here.
  </p>`,
  'not-found': html`<p class="explain">
    No document was issued under this code. Check that the address is complete; if you scanned a QR
    code, the document may not be genuine.
  </p>`,
};

/**
 * The sentences under the headline, one block per StatusLine the verdict may show; a valid verification also
 * carries the one its headline turns to when the seal fails, hidden until then.
 */
function statusLines(
  state: PageRecordState,
  verification: PublicVerification | null,
  shown: StatusLine,
): SafeHtml {
  if (!verification) return NO_VERIFICATION[state === 'withdrawn' ? 'withdrawn' : 'not-found'];
  const issuer = issuerLine(verification.issuer);
  const block = (line: StatusLine, content: SafeHtml) =>
    html`<div data-status-line="${line}" ${line === shown ? '' : trusted('hidden')}>
      ${content}
    </div>`;
  return html`${block('status', statusSentence(verification, issuer))}${
    verification.status === 'active' &&
    block(
      'seal-failed',
      html`<p class="explain">
        The code names a valid document issued by ${issuer}, but its seal does not show that your
        paper is that document.
      </p>`,
    )
  }`;
}

/** The seal's line, secondary to the headline; empty and hidden while there is nothing to say. */
export function sealPart(seal: SealLine | null, scannerUrl: string | undefined): SafeHtml {
  if (!seal) return html`<div class="seal" id="seal" role="status" aria-label="Seal" hidden></div>`;
  return html`<div
    class="seal"
    id="seal"
    role="status"
    aria-label="Seal"
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
        html`<p class="seal-scan"><a href="${scannerUrl}">Check with the QR Verify scanner</a></p>`
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
}

export function verdictSection(view: VerdictSectionView, verdict: PageVerdict): SafeHtml {
  const { verification } = view;
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
        ${statusLines(view.state, verification, verdict.statusLine)}
      </div>
    </div>
    ${verification && view.checksSeal && sealPart(verdict.seal, view.scannerUrl)}
    ${
      verification &&
      isSealed &&
      view.checksSeal &&
      html`<noscript
        ><p class="seal-quiet">
          This code carries a digital seal from its issuer. To check it, turn on JavaScript or scan
          the code with the QR Verify scanner.
        </p></noscript
      >`
    }
  </section>`;
}
