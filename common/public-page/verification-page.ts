// The public verification page (/v/{code}) that a scanned QR code opens: a complete HTML document built from the
// public view of a verification and its issuer's template. The verdict comes first and reads without JavaScript;
// the small scripts only run the 'Check your copy' comparison, in the browser, so the file never leaves the
// device, and check the seal in the address's fragment, which may turn the verdict (page-verdict.ts). The server
// sends this page and the template editor previews it: both call renderVerificationPage.
import { linkedInAddToProfileUrl } from '../credentials';
import { translatorFor } from '../i18n/catalogues';
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, LANGUAGES, type Language } from '../i18n/languages';
import { issuerWords } from '../issuer-identity';
import {
  DEFAULT_TEMPLATE_DESIGN,
  isContactUrl,
  isHexColor,
  type TemplateDesign,
  type TemplateField,
} from '../templates';
import { DOCUMENT_CA_PATH } from '../verifications';

import { html, htmlMessage, linkTag, trusted, type SafeHtml } from './html';
import {
  pageTitle,
  pageVerdict,
  type CopyCheckTexts,
  type PageRecordState,
  type PageVerdict,
} from './page-verdict';
import { downloadClass, icon, issuerLine, pathSegment, verdictSection } from './verdict-section';

import type { MessageKey, Translator } from '../i18n/translator';
import type { DocumentSignature, PublicVerification } from '../verifications-schemas';

export interface VerificationPageView {
  /** The code from the address, as typed or scanned; may be anything for an unknown code. */
  code: string;
  /** The verification, or null when no verification has this code. */
  verification: PublicVerification | null;
  /** How the issuer brands the page (the default design for an unknown code). */
  template: TemplateDesign;
  /**
   * Where the page's script is served (it must come from the app's own origin: the CSP is script-src 'self');
   * null for a preview, which runs no script.
   */
  scriptUrl: string | null;
  /** Where the streaming SHA-256 is served, which the script loads only to check a large file. */
  hasherUrl?: string;
  /** Where the seal check is served (the seal line stays hidden without it: a preview). */
  sealScriptUrl?: string;
  /** The QR Verify scanner on the app's main host (PUBLIC_URL + /scan), linked from every page. */
  scannerUrl?: string;
  faviconUrl?: string;
  /** Inter, served by the app; without it the page uses the system's sans-serif. */
  fontUrls?: Array<{ weight: number; url: string }>;
  /** The app's host name (from PUBLIC_URL), named in the footer so a reader can spot a look-alike site. */
  host: string;
  /** PUBLIC_URL: the page's own address, on the main host whatever host serves it, for LinkedIn's link back. */
  publicUrl?: string;
  /**
   * The issuer's verified custom domain, named in the footer as a host the page may be served from; null when none.
   * Who issued the document is said from the verification's issuer identity, never from this.
   */
  issuerDomain?: string | null;
  /** No verification has the code because its issuer deleted their account: the page says it was withdrawn. */
  withdrawn?: boolean;
  /** The reader's language (common/i18n/negotiate-language.ts); English by default. */
  language?: Language;
  /** Where the seal check finds this language's catalogue, loaded before it (none for English: it is built in). */
  messagesUrl?: string;
  /** The language the issuer writes in (their template's default language); null when they named none. */
  issuerLanguage?: Language | null;
}

/**
 * The issuer's own words (the title, custom fields, intro, heading, footer) stay as written, in their language:
 * marked with it where the page speaks another, so that screen readers and translators read them right. A page in
 * English takes an issuer who named no language as writing English; on any other page their language is unknown
 * (lang="").
 */
function issuerLang(view: VerificationPageView, t: Translator): SafeHtml {
  const issuer = view.issuerLanguage ?? null;
  if ((issuer ?? DEFAULT_LANGUAGE) === t.language) return trusted('');
  return html`lang="${issuer ?? ''}"`;
}

// Without JavaScript no seal check runs: the verdict and what follows it show at once.
const NO_SCRIPT_STYLES = trusted(
  '.verdict[data-awaits-seal], [data-seal-line-pending] .verdict ~ *, [data-seal-line-pending] .foot { visibility: visible; animation: none; }',
);

const STYLES = trusted(`
:root {
  --muted: #566176; --line: #dde2ea; --surface: #ffffff; --soft: #f4f6f9;
  --valid: #176d36; --valid-bg: #e9f6ee; --valid-line: #b7e0c4;
  --expired: #8a4b00; --expired-bg: #fff4e0; --expired-line: #f3d29b;
  --revoked: #b3261e; --revoked-bg: #fdeceb; --revoked-line: #f2bcb8;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--page); color: var(--ink);
  font: 16px/1.5 Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--brand); }
a:focus-visible, button:focus-visible, input:focus-visible + .drop, .drop:focus-within {
  outline: 3px solid var(--brand); outline-offset: 2px;
}
.bar { background: var(--surface); border-top: 4px solid var(--brand); border-bottom: 1px solid var(--line); }
.bar-inner, main, .foot { max-width: 640px; margin: 0 auto; padding: 0 16px; }
.bar-inner { display: flex; align-items: center; gap: 12px; min-height: 56px; padding-top: 8px; padding-bottom: 8px; font-weight: 700; color: var(--brand); }
.bar-inner svg { flex: none; width: 24px; height: 24px; }
.bar-inner .logo { flex: none; max-height: 40px; max-width: 160px; object-fit: contain; }
.bar-inner .heading { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.language-nav { max-width: 640px; margin: 0 auto; padding: 8px 16px 0; display: flex; justify-content: flex-end; }
.languages { position: relative; font-weight: 600; font-size: 14px; color: var(--ink); }
.languages summary { display: flex; align-items: center; gap: 6px; min-height: 40px; padding: 0 8px; border-radius: 8px; list-style: none; }
.languages summary::-webkit-details-marker { display: none; }
.languages summary svg { width: 20px; height: 20px; }
.languages ul {
  position: absolute; inset-inline-end: 0; z-index: 1; margin: 4px 0 0; padding: 8px 0; list-style: none; min-width: 180px;
  background: var(--surface); border: 1px solid var(--line); border-radius: 8px; box-shadow: 0 4px 16px rgba(0, 0, 0, .08);
}
.languages a { display: block; padding: 8px 16px; color: var(--ink); text-decoration: none; font-weight: 400; }
.languages a:hover { background: var(--soft); }
.languages a[aria-current] { font-weight: 700; color: var(--brand); }
.intro { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
main { padding-top: 8px; padding-bottom: 24px; display: grid; gap: 16px; }
.verdict { padding: 20px; border-radius: 12px; border: 1px solid; }
.verdict-main { display: flex; gap: 16px; align-items: flex-start; }
.verdict-main > div { flex: 1; min-width: 0; }
.verdict-icon svg { display: block; width: 48px; height: 48px; }
.verdict h1 { margin: 0; font-size: 28px; line-height: 1.2; overflow-wrap: anywhere; }
.verdict p { margin: 4px 0 0; }
.verdict-green { background: var(--valid-bg); border-color: var(--valid-line); color: var(--valid); --tone-line: var(--valid-line); }
.verdict-amber { background: var(--expired-bg); border-color: var(--expired-line); color: var(--expired); --tone-line: var(--expired-line); }
.verdict-red { background: var(--revoked-bg); border-color: var(--revoked-line); color: var(--revoked); --tone-line: var(--revoked-line); }
.verdict .explain { color: var(--ink); }
.verdict [hidden] { display: none; }
/* Held back while the seal check may still turn the headline; shown anyway after 3 s should the check never run. */
.verdict[data-awaits-seal] { visibility: hidden; animation: verdict-shown 0s linear 3s forwards; }
@keyframes verdict-shown { to { visibility: visible; } }
/* A sealed record's seal line is written in after the trust list arrives and makes the verdict taller: what is
   below it waits with it, so nothing on screen moves (no layout shift), and shows anyway after 3 s. */
[data-seal-line-pending] .verdict ~ *, [data-seal-line-pending] .foot { visibility: hidden; animation: verdict-shown 0s linear 3s forwards; }
@media (max-width: 480px) {
  .verdict { padding: 16px; }
  .verdict-main { gap: 12px; }
  .verdict-icon svg { width: 36px; height: 36px; }
  .verdict h1 { font-size: 24px; }
}
.card { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 20px; }
.card h2 { margin: 0 0 16px; font-size: 20px; line-height: 1.3; overflow-wrap: anywhere; }
.card h3 { margin: 0 0 8px; font-size: 18px; }
.download { margin: 20px 0 0; }
dl { margin: 0; display: grid; gap: 12px; }
dl div { display: grid; gap: 2px; }
dt { font-size: 13px; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
dd { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
@media (min-width: 560px) { dl div { grid-template-columns: 160px 1fr; gap: 16px; } }
.code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; letter-spacing: .04em; }
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 48px; padding: 12px 20px;
  border-radius: 8px; background: var(--brand); color: #fff; font-weight: 600; text-decoration: none;
}
.button:hover { background: var(--brand-dark); }
.button svg { width: 20px; height: 20px; }
.check p { margin: 0 0 16px; color: var(--muted); }
.check input { position: absolute; width: 1px; height: 1px; opacity: 0; }
.drop {
  display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 24px 16px; text-align: center;
  border: 2px dashed var(--line); border-radius: 12px; background: var(--soft); cursor: pointer;
}
.drop svg { width: 32px; height: 32px; color: var(--brand); }
.drop strong { color: var(--brand); }
.drop .hint { color: var(--muted); font-size: 14px; }
.check .no-script { margin: 16px 0 0; color: var(--ink); }
.drop.is-over { border-color: var(--brand); background: #eef3fc; }
.result { display: flex; gap: 12px; align-items: center; margin-top: 16px; padding: 12px 16px; border-radius: 8px; border: 1px solid; font-weight: 600; }
.result[hidden] { display: none; }
.result svg { flex: none; width: 28px; height: 28px; }
.result-text { flex: 1; min-width: 0; display: grid; gap: 8px; }
.result progress { width: 100%; height: 8px; accent-color: var(--brand); }
.result progress[hidden] { display: none; }
.result .icon { display: none; }
.result[data-tone="green"] { background: var(--valid-bg); border-color: var(--valid-line); color: var(--valid); }
.result[data-tone="red"] { background: var(--revoked-bg); border-color: var(--revoked-line); color: var(--revoked); }
.result[data-tone="neutral"] { background: var(--soft); border-color: var(--line); color: var(--ink); }
.result[data-state="match"] .icon-match, .result[data-state="mismatch"] .icon-mismatch,
.result[data-state="working"] .icon-info, .result[data-state="error"] .icon-info { display: inline-flex; }
details { margin-top: 16px; color: var(--muted); font-size: 14px; }
summary { cursor: pointer; }
.hash { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 13px; overflow-wrap: anywhere; }
/* The seal's line is secondary: in the text colour whatever the headline's, apart from it by a rule. */
.seal { display: flex; gap: 12px; align-items: flex-start; margin-top: 16px; padding-top: 16px; border-top: 1px solid var(--tone-line); color: var(--ink); }
.seal[hidden] { display: none; }
.seal-icon svg { display: block; width: 24px; height: 24px; }
.seal > div { flex: 1; min-width: 0; }
.seal p { margin: 0; overflow-wrap: anywhere; }
.seal .seal-title { font-weight: 600; }
.seal .seal-advice, .seal .seal-facts, .seal .seal-scan { margin-top: 4px; font-size: 15px; }
.seal .seal-facts { color: var(--muted); }
/* An issuer whose name nothing proves: said as plainly as the status sentence, never in smaller print. */
.seal[data-tone="declared"] .seal-advice { font-size: 16px; }
.verdict .seal-quiet { margin: 16px 0 0; padding-top: 16px; border-top: 1px solid var(--tone-line); color: var(--ink); font-size: 15px; }
.credential { margin-top: 20px; padding-top: 20px; border-top: 1px solid var(--line); }
.credential p { margin: 0 0 12px; color: var(--muted); }
.actions { display: flex; flex-wrap: wrap; gap: 8px; }
.secondary {
  display: inline-flex; align-items: center; gap: 8px; min-height: 44px; padding: 10px 16px; border-radius: 8px;
  border: 1px solid var(--line); background: var(--surface); color: var(--brand); font-weight: 600; text-decoration: none;
}
.secondary:hover { background: var(--soft); }
.secondary svg { flex: none; width: 20px; height: 20px; }
.download-link { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; }
.download-link svg { width: 18px; height: 18px; }
.foot { padding-bottom: 32px; font-size: 14px; }
.foot p { margin: 0 0 8px; overflow-wrap: anywhere; }
.foot .footer-text { white-space: pre-line; }
.foot .host { color: var(--muted); }
`);

function detailRow(label: SafeHtml | string, value: SafeHtml | string): SafeHtml {
  return html`<div>
    <dt>${label}</dt>
    <dd>${value}</dd>
  </div>`;
}

const FIELD_LABELS: Partial<Record<TemplateField, MessageKey>> = {
  issuer: 'field.issuer',
  holder_name: 'field.holderName',
  issue_date: 'field.issueDate',
  expiry_date: 'field.expiryDate',
  code: 'field.code',
};

/** A field's label: the issuer's own words as written, an untouched default in the reader's language. */
function fieldLabel(template: TemplateDesign, field: TemplateField, t: Translator): string {
  const label = template.fields[field].label;
  const message = FIELD_LABELS[field];
  return message && label === DEFAULT_TEMPLATE_DESIGN.fields[field].label ? t.t(message) : label;
}

function detailsCard(
  verification: PublicVerification,
  template: TemplateDesign,
  verdict: PageVerdict,
  { publicUrl, issuerWords }: { publicUrl: string | undefined; issuerWords: SafeHtml },
  t: Translator,
): SafeHtml {
  const shown = (field: TemplateField) => template.fields[field].visible;
  const label = (field: TemplateField) => fieldLabel(template, field, t);
  const isDownloadable =
    verification.allow_download && template.allow_download && verdict.download !== 'none';
  return html`<section class="card" aria-labelledby="document-title">
    <h2 id="document-title" ${issuerWords}>${verification.title}</h2>
    <dl>
      ${shown('issuer') && detailRow(label('issuer'), issuerLine(verification.issuer, { opensLine: true, t }))}
      ${shown('holder_name') && detailRow(label('holder_name'), verification.holder_name)}
      ${shown('issue_date') && detailRow(label('issue_date'), t.date(verification.issue_date))}
      ${
        shown('expiry_date') &&
        detailRow(
          label('expiry_date'),
          verification.expiry_date ? t.date(verification.expiry_date) : t.t('details.noExpiry'),
        )
      }
      ${
        shown('custom_fields') &&
        verification.custom_fields.map((field) =>
          detailRow(
            html`<span ${issuerWords}>${field.key}</span>`,
            html`<span ${issuerWords}>${field.value}</span>`,
          ),
        )
      }
      ${shown('code') && detailRow(label('code'), html`<bdi class="code" dir="ltr">${verification.code}</bdi>`)}
    </dl>
    ${
      isDownloadable
        ? html`<p class="download">
            <a
              class="${downloadClass(verdict.download)}"
              href="/v/${pathSegment(verification.code)}/document"
              download
              >${icon('download')}${t.t('details.download')}</a
            >
          </p>`
        : ''
    }
    ${isDownloadable && verdict.download === 'button' && publicUrl && credentialActions(verification, publicUrl, t)}
  </section>`;
}

/**
 * The record as a verifiable credential a holder takes to a wallet or a profile (docs/credentials.md): offered with
 * the document, and only while the record is valid, since a profile would go on showing it.
 */
function credentialActions(
  verification: PublicVerification,
  publicUrl: string,
  t: Translator,
): SafeHtml | '' {
  const { credential, code } = verification;
  if (!credential) return '';
  const linkedIn = linkedInAddToProfileUrl({
    ...credential.linkedin,
    certUrl: new URL(`/v/${pathSegment(code)}`, publicUrl).href,
  });
  return html`<div class="credential">
    <h3>${t.t('credential.title')}</h3>
    <p>${t.t('credential.explain')}</p>
    <div class="actions">
      <a class="secondary" href="${credential.url}" download="${code}-credential.json"
        >${icon('download')}${t.t('credential.download')}</a
      >
      <a class="secondary" href="${linkedIn}" target="_blank" rel="noopener noreferrer"
        >${icon('external')}${t.t('credential.linkedin')}</a
      >
      ${
        credential.badge_url &&
        html`<a class="secondary" href="${credential.badge_url}" download="${code}-badge.png"
          >${icon('badge')}${t.t('credential.badge')}</a
        >`
      }
    </div>
  </div>`;
}

/** What the copy check says for each outcome, which the check's script reads (the seal check may change it). */
export function copyCheckAttributes(texts: CopyCheckTexts): SafeHtml {
  return html`data-match-tone="${texts.matchTone}" data-original-message="${texts.original}"
  data-secured-message="${texts.secured}" data-mismatch-message="${texts.mismatch}"`;
}

/** The check script's own sentences (it stays plain JavaScript, without the message library). */
function checkScriptAttributes(t: Translator): SafeHtml {
  return html`data-working-message="${t.t('check.working')}"
  data-progress-message="${t.t('check.progress', { percent: '{percent}' })}"
  data-cannot-check-message="${t.t('check.cannotCheck')}"
  data-unreadable-message="${t.t('check.unreadable')}"`;
}

function checkCard(
  verification: PublicVerification,
  texts: CopyCheckTexts,
  hasherUrl: string | undefined,
  t: Translator,
): SafeHtml {
  return html`<section
    class="card check"
    id="check"
    aria-labelledby="check-title"
    data-original-sha256="${verification.original_sha256}"
    data-secured-sha256="${verification.secured_sha256}"
    data-earlier-secured-sha256="${verification.earlier_secured_sha256 ?? ''}"
    ${copyCheckAttributes(texts)}
    ${checkScriptAttributes(t)}
    ${hasherUrl ? html`data-hasher-url="${hasherUrl}"` : ''}
  >
    <h3 id="check-title">${t.t('check.title')}</h3>
    <p>${t.t('check.intro')}</p>
    <input
      type="file"
      id="check-file"
      accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
    />
    <label class="drop" id="check-drop" for="check-file">
      ${icon('upload')}
      <span>${htmlMessage(t, 'check.choose')}</span>
      <span class="hint">${t.t('check.fileTypes')}</span>
    </label>
    <div class="result" id="check-result" role="status" aria-live="polite" hidden>
      <span class="icon icon-match">${icon('check')}</span
      ><span class="icon icon-mismatch">${icon('cross')}</span
      ><span class="icon icon-info">${icon('info')}</span>
      <span class="result-text"
        ><span id="check-message"></span
        ><progress
          id="check-progress"
          max="100"
          aria-label="${t.t('check.progressLabel')}"
          hidden
        ></progress
      ></span>
    </div>
    <noscript><p class="no-script">${t.t('check.noScript')}</p></noscript>
    <details>
      <summary>${t.t('check.technical')}</summary>
      <p>
        ${t.t('check.originalHash')}<br /><span class="hash" dir="ltr"
          >${verification.original_sha256}</span
        >
      </p>
      <p>
        ${t.t('check.securedHash')}<br /><span class="hash" dir="ltr"
          >${verification.secured_sha256}</span
        >
      </p>
      ${signatureFacts(verification.signature ?? null, t)}
    </details>
  </section>`;
}

/** The secured PDF's own signature: who signed it and when, how to check it, and what it does not say. */
function signatureFacts(signature: DocumentSignature, t: Translator): SafeHtml | string {
  if (!signature) return '';
  return html`<p id="signature-facts">
      ${htmlMessage(t, 'signature.facts', {
        level: signature.level,
        signer: html`<bdi>${signature.signer}</bdi>`,
        date: t.date(signature.signed_at.slice(0, 10)),
      })}<br /><span class="hash" dir="ltr">${signature.certificate_sha256}</span>
    </p>
    ${
      signature.timestamped_at
        ? html`<p>${t.t('signature.timestamped', { date: t.date(signature.timestamped_at) })}</p>`
        : ''
    }
    <p>${htmlMessage(t, 'signature.howTo', { link: linkTag(DOCUMENT_CA_PATH) })}</p>`;
}

// Inside <style> HTML escaping does not apply (entities are not decoded there), so the URLs, which the app builds
// itself, are checked to be plain paths instead.
const PLAIN_PATH = /^\/[\w/.?=-]+$/;

function fontFaces(fonts: VerificationPageView['fontUrls'] = []): SafeHtml {
  return trusted(
    fonts
      .filter(({ url }) => PLAIN_PATH.test(url))
      .map(
        ({ weight, url }) =>
          `@font-face { font-family: Inter; font-style: normal; font-weight: ${Number(weight)}; ` +
          `font-display: swap; src: url("${url}") format("woff2"); }\n`,
      )
      .join(''),
  );
}

function color(value: string, fallback: string): string {
  return isHexColor(value) ? value : fallback;
}

/** The primary colour a step darker, for hovered buttons. */
function darker(hex: string): string {
  const channels = [1, 3, 5].map((start) =>
    Math.round(parseInt(hex.slice(start, start + 2), 16) * 0.8),
  );
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

// Colours go inside <style>, where HTML escaping means nothing, so only #rrggbb values ever get there.
function themeStyles(template: TemplateDesign): SafeHtml {
  const fallback = DEFAULT_TEMPLATE_DESIGN;
  const brand = color(template.primary_color, fallback.primary_color);
  return trusted(
    `:root { --brand: ${brand}; --brand-dark: ${darker(brand)}; ` +
      `--page: ${color(template.background_color, fallback.background_color)}; ` +
      `--ink: ${color(template.text_color, fallback.text_color)}; }\n`,
  );
}

// The app's own paths, or the editor's not-yet-uploaded file; never a remote or javascript: address.
const LOGO_URL =
  /^(\/[\w/.?=&%-]*|blob:[\w:/.%-]+|data:image\/(png|jpeg|svg\+xml);base64,[a-z0-9+/=]+)$/i;

/**
 * The language switcher: a link per language to this page in it (?lang=, which the server remembers in a cookie).
 * A <details> opens without script; the page's script adds the address's fragment (the seal) to each link.
 */
function languageSwitcher(code: string, language: Language, t: Translator): SafeHtml {
  return html`<nav class="language-nav" aria-label="${t.t('language.label')}">
    <details class="languages">
      <summary>${icon('globe')}<span>${LANGUAGE_INFO[language].name}</span></summary>
      <ul>
        ${LANGUAGES.map(
          (other) =>
            html`<li>
              <a
                href="/v/${pathSegment(code)}?lang=${other}"
                hreflang="${other}"
                lang="${other}"
                dir="${LANGUAGE_INFO[other].dir}"
                ${other === language ? trusted('aria-current="true"') : ''}
                >${LANGUAGE_INFO[other].name}</a
              >
            </li>`,
        )}
      </ul>
    </details>
  </nav>`;
}

function header(view: VerificationPageView, language: Language, t: Translator): SafeHtml {
  const { template, verification } = view;
  const issuer = verification?.issuer;
  // The bar is the issuer's branding, in their own words; a name withheld as a look-alike is not shown even here.
  const issuerName = issuer && (issuer.declared_name_withheld ? issuer.issuer : issuer.name);
  const heading = template.heading || issuerName || null;
  const logoUrl = template.logo_url && LOGO_URL.test(template.logo_url) ? template.logo_url : null;
  // The shield carries a tick: beside an issuer's heading only when something proves who the issuer is. Where no
  // issuer's heading stands, it is QR Verify's own mark beside QR Verify's name.
  const hasShield = !heading || !issuer || issuerWords(issuer).isProven;
  return html`<header class="bar">
      <div class="bar-inner">
        ${logoUrl ? html`<img class="logo" src="${logoUrl}" alt="" />` : hasShield && icon('shield')}<span
          class="heading"
          ${template.heading ? issuerLang(view, t) : ''}
          >${heading ?? 'QR Verify'}</span
        >
      </div>
    </header>
    ${languageSwitcher(view.code, language, t)}`;
}

function footer(view: VerificationPageView, t: Translator): SafeHtml {
  const { template } = view;
  const contactUrl = isContactUrl(template.contact_url) ? template.contact_url : '';
  const contactLabel = template.contact_text || contactUrl.replace(/^mailto:/i, '');
  const code = html`<bdi class="code" dir="ltr">${view.code.slice(0, 64)}</bdi>`;
  const host = html`<bdi dir="ltr">${view.host}</bdi>`;
  return html`<footer class="foot">
    ${template.footer_text && html`<p class="footer-text" ${issuerLang(view, t)}>${template.footer_text}</p>`}
    ${
      contactLabel &&
      html`<p class="contact" ${template.contact_text ? issuerLang(view, t) : ''}>
        ${contactUrl ? html`<a href="${contactUrl}" rel="noopener noreferrer">${contactLabel}</a>` : contactLabel}
      </p>`
    }
    <p class="host">
      ${
        view.issuerDomain
          ? htmlMessage(t, 'footer.hostOrIssuer', {
              code,
              host,
              domain: html`<bdi dir="ltr">${view.issuerDomain}</bdi>`,
            })
          : htmlMessage(t, 'footer.host', { code, host })
      }
    </p>
    ${view.verification && html`<p class="host">${t.t('footer.privacy')}</p>`}
    ${view.scannerUrl && html`<p><a href="${view.scannerUrl}">${t.t('footer.scanner')}</a></p>`}
  </footer>`;
}

function recordState(view: VerificationPageView): PageRecordState {
  if (view.verification) return view.verification.status;
  return view.withdrawn ? 'withdrawn' : 'not-found';
}

export function renderVerificationPage(view: VerificationPageView): string {
  const { verification } = view;
  const language = view.language ?? DEFAULT_LANGUAGE;
  const t = translatorFor(language);
  const state = recordState(view);
  // The server never sees the seal (it rides in the fragment): the seal check in the browser decides it.
  const verdict = pageVerdict({
    state,
    isSealed: verification?.sealed === true,
    seal: { state: 'pending' },
    t,
  });
  const checksSeal = Boolean(view.sealScriptUrl);
  // A sealed record's address carries its seal, so the check will write a line into the verdict whatever it finds.
  const awaitsSealLine = checksSeal && verification?.sealed === true;
  const page = html`<!doctype html>
    <html lang="${language}" dir="${LANGUAGE_INFO[language].dir}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>${pageTitle(verdict.headline, verification?.title ?? null, t)}</title>
        ${view.faviconUrl && html`<link rel="icon" href="${view.faviconUrl}" />`}
        <style>
          ${fontFaces(view.fontUrls)}${STYLES}${themeStyles(view.template)}
        </style>
        ${
          awaitsSealLine &&
          html`<noscript
            ><style>
              ${NO_SCRIPT_STYLES}
            </style></noscript
          >`
        }
      </head>
      <body ${awaitsSealLine && trusted('data-seal-line-pending')}>
        ${header(view, language, t)}
        <main>
          ${verdictSection(
            {
              state,
              verification,
              checksSeal,
              scannerUrl: view.scannerUrl,
              t,
            },
            verdict,
          )}
          ${verification && view.template.intro ? html`<p class="intro" ${issuerLang(view, t)}>${view.template.intro}</p>` : ''}
          ${
            verification && verdict.copyCheck
              ? [
                  detailsCard(
                    verification,
                    view.template,
                    verdict,
                    { publicUrl: view.publicUrl, issuerWords: issuerLang(view, t) },
                    t,
                  ),
                  checkCard(verification, verdict.copyCheck, view.hasherUrl, t),
                ]
              : ''
          }
        </main>
        ${footer(view, t)}
        ${verification !== null && view.scriptUrl ? html`<script src="${view.scriptUrl}" defer></script>` : ''}
        ${verification !== null && view.sealScriptUrl && view.messagesUrl ? html`<script src="${view.messagesUrl}" defer></script>` : ''}
        ${verification !== null && view.sealScriptUrl ? html`<script src="${view.sealScriptUrl}" defer></script>` : ''}
      </body>
    </html> `;
  return page.value;
}
