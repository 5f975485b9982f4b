// The editor's preview and the grid's thumbnails: the public page itself, rendered by the same code
// the server uses for /v/{code}, for a sample verification. Nothing in it runs (scriptUrl null).
import { declaredOnly } from '@common/issuer-identity';
import { renderVerificationPage } from '@common/public-page/verification-page';
import type { TemplateDesign } from '@common/templates';
import type { PublicVerification } from '@common/verifications-schemas';

// The page's own font, as the server serves it to the public page.
const FONT_URLS = [400, 600, 700].map((weight) => ({
  weight,
  url: `/v/assets/inter-latin-${weight}-normal.woff2`,
}));

export const SAMPLE_CODE = 'k7p2x9m4q8r3t6w1';

/**
 * A diploma with a holder, dates and two custom fields: every row a template can show. Its issuer is named as an
 * account names itself, unproven, as most accounts' pages say it.
 */
export function sampleVerification(issuerName: string): PublicVerification {
  return {
    code: SAMPLE_CODE,
    status: 'active',
    title: 'Bachelor of Science in Nursing',
    holder_name: 'Amara Okafor',
    issue_date: '2026-03-05',
    expiry_date: '2031-03-05',
    custom_fields: [
      { key: 'Student number', value: 'S-20431' },
      { key: 'Classification', value: 'First-class honours' },
    ],
    issuer: { name: issuerName, ...declaredOnly(issuerName) },
    revoked_at: null,
    revocation_reason: null,
    replaced_by_code: null,
    original_sha256: 'a3f1c9e07b5d2e4f8a6c1b9d3e7f5a2c4b8d6e0f1a3c5e7b9d2f4a6c8e0b1d3f',
    secured_sha256: '5e2b8d4f6a1c3e9b7d5f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b',
    allow_download: true,
  };
}

export interface PreviewOptions {
  /** The name the page shows as the issuer (and as the heading when the template has none). */
  issuerName: string;
  /** The host the page names in its footer. */
  host: string;
}

// The preview runs no script, so the browser would show the page's <noscript> note ('Checking a file
// needs JavaScript…'), which visitors of the real page never see. Hiding it is the one difference.
const HIDE_NO_SCRIPT_NOTE = '<style>noscript { display: none !important; }</style>';

export function renderTemplatePreview(design: TemplateDesign, options: PreviewOptions): string {
  const page = renderVerificationPage({
    code: SAMPLE_CODE,
    verification: sampleVerification(options.issuerName),
    template: design,
    scriptUrl: null,
    fontUrls: FONT_URLS,
    host: options.host,
  });
  return page.replace('</head>', `${HIDE_NO_SCRIPT_NOTE}</head>`);
}
