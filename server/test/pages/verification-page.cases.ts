import { createHash, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { JSDOM } from 'jsdom';

import { declaredOnly, type IssuerIdentity } from '@common/issuer-identity';
import {
  renderVerificationPage,
  type VerificationPageView,
} from '@common/public-page/verification-page';
import { DEFAULT_TEMPLATE_DESIGN, type TemplateDesign } from '@common/templates';
import type { PublicVerification } from '@common/verifications-schemas';

const ORIGINAL = Buffer.from('%PDF-1.7 the original diploma');
const SECURED = Buffer.from('%PDF-1.7 the secured diploma with its QR code');

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function verification(overrides: Partial<PublicVerification> = {}): PublicVerification {
  return {
    code: 'abcdefghijkmnpqr',
    status: 'active',
    title: 'Bachelor of Science in Chemistry',
    holder_name: 'Ada Lovelace',
    issue_date: '2025-03-05',
    expiry_date: '2030-12-31',
    custom_fields: [
      { key: 'Grade', value: 'First class honours' },
      { key: 'Student number', value: 'S-1815' },
    ],
    issuer: { name: 'University of Examples', ...declaredOnly('University of Examples') },
    revoked_at: null,
    revocation_reason: null,
    replaced_by_code: null,
    original_sha256: sha256(ORIGINAL),
    secured_sha256: sha256(SECURED),
    allow_download: false,
    ...overrides,
  };
}

function view(overrides: Partial<VerificationPageView> = {}): VerificationPageView {
  return {
    code: 'abcdefghijkmnpqr',
    verification: verification(),
    template: DEFAULT_TEMPLATE_DESIGN,
    scriptUrl: '/v/assets/verification-page.js?v=abc123',
    host: 'verify.example.com',
    ...overrides,
  };
}

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The text a reader sees: without the parts the page keeps hidden. */
function visibleText(element: Element | null): string {
  const shown = element?.cloneNode(true) as Element | undefined;
  shown?.querySelectorAll('[hidden]').forEach((hidden) => hidden.remove());
  return text(shown ?? null);
}

function verdictOf(document: Document) {
  const section = document.querySelector('.verdict');
  return {
    word: text(document.querySelector('#verdict')),
    className: section?.className,
    hasIcon: section?.querySelector('.verdict-icon svg') !== null,
    explanation: visibleText(section?.querySelector('.verdict-main > div') ?? null),
  };
}

describe('the verdict comes first, in words, colour and an icon', () => {
  test('valid: issuer, title, holder, dates in words, custom fields and the code', () => {
    const document = parse(renderVerificationPage(view()));

    const verdict = verdictOf(document);
    expect(verdict).toMatchObject({
      word: 'Valid',
      className: 'verdict verdict-green',
      hasIcon: true,
    });
    // Nothing proves this account's name: the page says it as the account's own, right beside it.
    expect(verdict.explanation).toContain(
      'issued by an account calling itself “University of Examples” (its name is not verified) and is valid',
    );
    // The verdict is the first thing in the main content.
    expect(document.querySelector('main')?.firstElementChild?.classList.contains('verdict')).toBe(
      true,
    );

    const details = [...document.querySelectorAll('dl div')].map((row) => [
      text(row.querySelector('dt')),
      text(row.querySelector('dd')),
    ]);
    expect(details).toEqual([
      [
        'Issued by',
        'An account calling itself “University of Examples” (its name is not verified)',
      ],
      ['Holder', 'Ada Lovelace'],
      ['Issue date', '5 March 2025'],
      ['Expiry date', '31 December 2030'],
      ['Grade', 'First class honours'],
      ['Student number', 'S-1815'],
      ['Verification code', 'abcdefghijkmnpqr'],
    ]);
    expect(text(document.querySelector('h2'))).toBe('Bachelor of Science in Chemistry');
    expect(document.title).toBe('Valid: Bachelor of Science in Chemistry – QR Verify');
  });

  test('a document without an expiry date says so', () => {
    const document = parse(
      renderVerificationPage(view({ verification: verification({ expiry_date: null }) })),
    );

    expect(text(document.querySelector('dl div:nth-child(4) dd'))).toBe('Does not expire');
  });

  test('revoked: when, why, and a link to the replacement', () => {
    const document = parse(
      renderVerificationPage(
        view({
          verification: verification({
            status: 'revoked',
            revoked_at: '2026-01-15T09:30:00.000Z',
            revocation_reason: 'Issued with a misspelt name',
            replaced_by_code: 'zyxwvutsrqpnmkjh',
          }),
        }),
      ),
    );

    const verdict = verdictOf(document);
    expect(verdict).toMatchObject({
      word: 'Revoked',
      className: 'verdict verdict-red',
      hasIcon: true,
    });
    expect(verdict.explanation).toContain('revoked on 15 January 2026. It is no longer valid.');
    expect(verdict.explanation).toContain('Reason: Issued with a misspelt name');
    const link = document.querySelector<HTMLAnchorElement>('.verdict a');
    expect(link?.getAttribute('href')).toBe('/v/zyxwvutsrqpnmkjh');
    expect(text(link)).toBe('see the replacement');
  });

  test('revoked without a reason or replacement says only that', () => {
    const document = parse(
      renderVerificationPage(
        view({
          verification: verification({ status: 'revoked', revoked_at: '2026-01-15T09:30:00Z' }),
        }),
      ),
    );

    expect(verdictOf(document).explanation).not.toContain('Reason');
    expect(document.querySelector('.verdict a')).toBeNull();
  });

  test('expired: with the date it expired', () => {
    const document = parse(
      renderVerificationPage(
        view({ verification: verification({ status: 'expired', expiry_date: '2024-06-30' }) }),
      ),
    );

    const verdict = verdictOf(document);
    expect(verdict).toMatchObject({
      word: 'Expired',
      className: 'verdict verdict-amber',
      hasIcon: true,
    });
    expect(verdict.explanation).toContain('expired on 30 June 2024');
  });

  test('not found: no details, no file check and no script, just the verdict', () => {
    const document = parse(
      renderVerificationPage(view({ code: 'nosuchcode', verification: null })),
    );

    const verdict = verdictOf(document);
    expect(verdict).toMatchObject({
      word: 'Not found',
      className: 'verdict verdict-red',
      hasIcon: true,
    });
    expect(verdict.explanation).toContain('No document was issued under this code');
    expect(document.querySelector('dl')).toBeNull();
    expect(document.querySelector('#check')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.title).toBe('Not found – QR Verify');
  });

  test('each verdict has its own icon, so colour is never the only sign', () => {
    const icons = (['active', 'revoked', 'expired'] as const).map(
      (status) =>
        parse(
          renderVerificationPage(view({ verification: verification({ status }) })),
        ).querySelector('.verdict svg')?.innerHTML,
    );
    icons.push(
      parse(renderVerificationPage(view({ verification: null }))).querySelector('.verdict svg')
        ?.innerHTML,
    );

    expect(new Set(icons).size).toBe(4);
  });
});

// 'Аlpha' with a Cyrillic А: a name built to look like another.
const LOOK_ALIKE = '\u0410lpha University';
const OPERATOR_CHECKED: IssuerIdentity = {
  issuer: 'University of Examples',
  issuer_proof: 'operator',
  declared_name: 'University of Examples',
  declared_name_withheld: null,
};
const WITHHELD: IssuerIdentity = {
  issuer: null,
  issuer_proof: null,
  declared_name: null,
  declared_name_withheld: 'mixed_scripts',
};

describe('who issued it: said only as far as it is proven, in the same print as the verdict', () => {
  function issuerParts(
    issuer: PublicVerification['issuer'],
    extra: Partial<VerificationPageView> = {},
  ) {
    const document = parse(
      renderVerificationPage(view({ verification: verification({ issuer }), ...extra })),
    );
    const status = document.querySelector('[data-status-line="status"] p');
    const issuerRow = [...document.querySelectorAll('dl div')].find(
      (row) => text(row.querySelector('dt')) === 'Issued by',
    );
    return {
      status: text(status),
      detail: text(issuerRow?.querySelector('dd') ?? null),
      bold: [...(status?.querySelectorAll('strong') ?? [])].map((strong) => text(strong)),
      // The note is never set apart in smaller or muted print.
      isNoteInSamePrint: status?.querySelector('small, .muted, .seal-facts') === null,
      text: text(document.body),
    };
  }

  test('a verified custom domain: the domain in bold, the organisation name as the issuer states it', () => {
    const shown = issuerParts(
      {
        name: 'Alpha University',
        issuer: 'alpha-university.edu',
        issuer_proof: 'domain',
        declared_name: 'Alpha University',
        declared_name_withheld: null,
      },
      { issuerDomain: 'alpha-university.edu' },
    );

    expect(shown).toMatchObject({
      status:
        'This document was issued by alpha-university.edu (Alpha University, as stated by the issuer) and is valid.',
      detail: 'alpha-university.edu (Alpha University, as stated by the issuer)',
      bold: ['alpha-university.edu'],
      isNoteInSamePrint: true,
    });
    // The domain stays in the footer, as a host genuine pages are served from.
    expect(shown.text).toContain("or the issuer's own alpha-university.edu");
  });

  test('a name the operator checked: the name in bold, and who checked it', () => {
    expect(issuerParts({ name: 'University of Examples', ...OPERATOR_CHECKED })).toMatchObject({
      status:
        'This document was issued by University of Examples (name checked by this service) and is valid.',
      detail: 'University of Examples (name checked by this service)',
      bold: ['University of Examples'],
    });
  });

  test('a declared name: what the account calls itself, never in bold, its note beside it', () => {
    expect(
      issuerParts({ name: 'Alpha University', ...declaredOnly('Alpha University') }),
    ).toMatchObject({
      status:
        'This document was issued by an account calling itself “Alpha University” (its name is not verified) and is valid.',
      // Opening the row's value: with a capital.
      detail: 'An account calling itself “Alpha University” (its name is not verified)',
      bold: [],
      isNoteInSamePrint: true,
    });
  });

  test.each([
    ['shared', 'another account uses a name that looks the same, so neither is shown'],
    ['mixed_scripts', 'its name mixes alphabets, as look-alike names do'],
  ] as const)('a name withheld (%s): not shown anywhere, with the reason', (reason, note) => {
    const shown = issuerParts({
      name: LOOK_ALIKE,
      ...WITHHELD,
      declared_name_withheld: reason,
    });

    expect(shown).toMatchObject({
      status: `This document was issued by an account whose name is not shown (${note}) and is valid.`,
      detail: `An account whose name is not shown (${note})`,
      bold: [],
    });
    expect(shown.text).not.toContain(LOOK_ALIKE);
  });

  test('revoked and expired pages and the seal-failed sentence name the issuer the same way', () => {
    const issuer = { name: 'Alpha University', ...declaredOnly('Alpha University') };
    const phrase = 'an account calling itself “Alpha University” (its name is not verified)';
    for (const status of ['revoked', 'expired'] as const) {
      const document = parse(
        renderVerificationPage(
          view({
            verification: verification({
              status,
              issuer,
              revoked_at: '2026-01-15T09:30:00Z',
              expiry_date: '2024-06-30',
            }),
          }),
        ),
      );
      expect(verdictOf(document).explanation).toContain(
        `This document was issued by ${phrase} and`,
      );
    }
    const active = parse(renderVerificationPage(view({ verification: verification({ issuer }) })));
    expect(text(active.querySelector('[data-status-line="seal-failed"]'))).toBe(
      `The code names a valid document issued by ${phrase}, but its seal does not show that your paper is that document.`,
    );
  });

  test('hostile names stay text in every identity', () => {
    const payload = '<img src=x onerror=alert(1)>';
    for (const identity of [
      declaredOnly(payload),
      { ...OPERATOR_CHECKED, issuer: payload },
      {
        ...OPERATOR_CHECKED,
        issuer: payload,
        issuer_proof: 'domain' as const,
        declared_name: payload,
      },
    ]) {
      const document = parse(
        renderVerificationPage(
          view({ verification: verification({ issuer: { name: payload, ...identity } }) }),
        ),
      );
      expect(document.querySelectorAll('img')).toHaveLength(0);
      expect(text(document.querySelector('[data-status-line="status"]'))).toContain(payload);
    }
  });
});

describe('the page itself', () => {
  test('is a complete, mobile-ready document kept out of search engines, with only the external script', () => {
    const html = renderVerificationPage(view());
    const document = parse(html);

    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
      '/v/assets/verification-page.js?v=abc123',
    ]);
    expect(scripts[0].textContent).toBe('');
    // Nothing that a script-src 'self' CSP would block: no inline handlers, no javascript: links.
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(text(document.querySelector('footer'))).toContain('verify.example.com');
  });

  test('offers the secured document for download only when the issuer allows it', () => {
    const without = parse(renderVerificationPage(view()));
    const withDownload = parse(
      renderVerificationPage(view({ verification: verification({ allow_download: true }) })),
    );

    expect(without.querySelector('a[download]')).toBeNull();
    const link = withDownload.querySelector('a[download]');
    expect(link?.getAttribute('href')).toBe('/v/abcdefghijkmnpqr/document');
    expect(text(link)).toBe('Download the secured document');
  });

  test('the seal line waits, hidden, inside the verdict for the seal check, with a note for readers without JavaScript', () => {
    const sealed = parse(
      renderVerificationPage(
        view({
          verification: verification({ sealed: true }),
          sealScriptUrl: '/v/assets/seal-check.js?v=def456',
          scannerUrl: 'https://verify.example.com/scan',
        }),
      ),
    );
    const line = sealed.querySelector<HTMLElement>('#seal');
    expect(line?.hidden).toBe(true);
    const verdict = sealed.querySelector<HTMLElement>('.verdict');
    expect(verdict?.dataset).toMatchObject({ status: 'active', sealed: 'true' });
    // Part of the verdict, under its headline: secondary to it.
    expect(line?.parentElement).toBe(verdict);
    expect(
      [...sealed.querySelectorAll('script')].map((script) => script.getAttribute('src')),
    ).toEqual(['/v/assets/verification-page.js?v=abc123', '/v/assets/seal-check.js?v=def456']);
    expect(sealed.querySelector('.verdict noscript')?.innerHTML).toContain(
      'carries a digital seal',
    );
    // Held back until the seal is checked, since a failed seal turns the headline; at once without JavaScript.
    expect(verdict?.hasAttribute('data-awaits-seal')).toBe(true);
    // What follows the verdict waits too, as the seal's line will push it down (a layout shift otherwise).
    expect(sealed.body.hasAttribute('data-seal-line-pending')).toBe(true);
    expect(sealed.querySelector('head noscript')?.innerHTML).toContain(
      '.verdict[data-awaits-seal], [data-seal-line-pending] .verdict ~ *, [data-seal-line-pending] .foot { visibility: visible; animation: none; }',
    );
    const scanner = [...sealed.querySelectorAll('footer a')].find(
      (link) => link.getAttribute('href') === 'https://verify.example.com/scan',
    );
    expect(text(scanner ?? null)).toBe('Scan another code with the QR Verify scanner');

    // A code issued without a seal has nothing to say without JavaScript; a preview has no seal line at all.
    const unsealed = parse(
      renderVerificationPage(view({ sealScriptUrl: '/v/assets/seal-check.js?v=def456' })),
    );
    expect(unsealed.querySelector<HTMLElement>('.verdict')?.dataset.sealed).toBe('false');
    expect(unsealed.body.innerHTML).not.toContain('carries a digital seal');
    expect(unsealed.body.hasAttribute('data-seal-line-pending')).toBe(false);
    expect(parse(renderVerificationPage(view())).querySelector('#seal')).toBeNull();
  });

  test("'Check your copy' carries both hashes and a labelled file input", () => {
    const document = parse(renderVerificationPage(view()));

    const check = document.querySelector('#check');
    expect(text(check?.querySelector('h3') ?? null)).toBe('Check your copy');
    expect(check?.getAttribute('data-original-sha256')).toBe(sha256(ORIGINAL));
    expect(check?.getAttribute('data-secured-sha256')).toBe(sha256(SECURED));
    const input = document.querySelector<HTMLInputElement>('#check-file');
    expect(input?.type).toBe('file');
    expect(document.querySelector('label[for="check-file"]')).not.toBeNull();
    expect(text(check)).toContain('never uploaded');
  });
});

describe('hostile text', () => {
  const PAYLOADS = [
    '<script>alert("x")</script>',
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='alert(1)",
    '</style><script>alert(2)</script>',
    '`${alert(3)}` & &amp; &lt;',
  ];

  test.each(PAYLOADS)('%s is shown as text everywhere and never becomes markup', (payload) => {
    const html = renderVerificationPage(
      view({
        code: payload,
        verification: verification({
          status: 'revoked',
          title: payload,
          holder_name: payload,
          issuer: { name: payload, ...declaredOnly(payload) },
          custom_fields: [{ key: payload, value: payload }],
          revoked_at: '2026-01-01T00:00:00Z',
          revocation_reason: payload,
          replaced_by_code: payload,
          original_sha256: payload,
          secured_sha256: payload,
          allow_download: true,
          code: payload,
        }),
      }),
    );
    const document = parse(html);

    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(1);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute).not.toMatch(/^on/);
      }
    }
    expect(text(document.querySelector('h2'))).toBe(payload.replace(/\s+/g, ' ').trim());
    expect(document.querySelector('#check')?.getAttribute('data-original-sha256')).toBe(payload);
    // Links built from codes keep the payload inside their path.
    for (const link of document.querySelectorAll('a')) {
      expect(link.getAttribute('href')).toMatch(
        /^\/v\/[A-Za-z0-9_.!~*'()%-]+(\/document|\?lang=[A-Za-z-]+)?$/,
      );
    }
    expect(text(document.querySelector('footer'))).toContain(payload.slice(0, 20));
  });

  test('an absurdly long code from the address is cut short in the footer', () => {
    const document = parse(
      renderVerificationPage(view({ code: 'x'.repeat(10_000), verification: null })),
    );

    expect(text(document.querySelector('footer .code'))).toHaveLength(64);
  });
});

describe('the template brands the page', () => {
  const BRANDED: TemplateDesign = {
    ...DEFAULT_TEMPLATE_DESIGN,
    logo_url: '/v/logos/tpl-1/0123456789abcdef.png',
    primary_color: '#7a1f3d',
    background_color: '#fbf7f2',
    text_color: '#1f1a17',
    heading: 'Registry of Examples',
    intro: 'Every diploma we issue carries this code.',
    fields: {
      ...DEFAULT_TEMPLATE_DESIGN.fields,
      holder_name: { visible: true, label: 'Graduate' },
      custom_fields: { visible: false, label: 'Custom fields' },
    },
    allow_download: false,
    contact_text: 'Questions? Write to the registry',
    contact_url: 'mailto:registry@example.edu',
    footer_text: 'University of Examples, 1 College Road',
  };

  function branded(template: Partial<TemplateDesign>, verificationOverrides = {}) {
    return parse(
      renderVerificationPage(
        view({
          template: { ...BRANDED, ...template },
          verification: verification(verificationOverrides),
        }),
      ),
    );
  }

  test('logo, heading, colours, intro, labels, hidden fields, contact and footer', () => {
    const document = branded({});

    expect(document.querySelector('header img.logo')?.getAttribute('src')).toBe(BRANDED.logo_url);
    expect(text(document.querySelector('header'))).toBe('Registry of Examples');
    const style = document.querySelector('style')?.textContent ?? '';
    expect(style).toContain('--brand: #7a1f3d');
    expect(style).toContain('--page: #fbf7f2');
    expect(style).toContain('--ink: #1f1a17');
    expect(text(document.querySelector('.intro'))).toBe(BRANDED.intro);
    const labels = [...document.querySelectorAll('dt')].map((dt) => text(dt));
    expect(labels).toEqual([
      'Issued by',
      'Graduate',
      'Issue date',
      'Expiry date',
      'Verification code',
    ]);
    const contact = document.querySelector<HTMLAnchorElement>('footer .contact a');
    expect(contact?.getAttribute('href')).toBe('mailto:registry@example.edu');
    expect(text(contact)).toBe('Questions? Write to the registry');
    expect(text(document.querySelector('footer .footer-text'))).toBe(BRANDED.footer_text);
  });

  test('without a heading the header names the account; the shield (its tick) only beside a proven issuer', () => {
    const declared = branded({ heading: '', logo_url: null });
    expect(text(declared.querySelector('header'))).toBe('University of Examples');
    expect(declared.querySelector('header img')).toBeNull();
    expect(declared.querySelector('header svg')).toBeNull();

    const proven = branded(
      { heading: '', logo_url: null },
      { issuer: { name: 'University of Examples', ...OPERATOR_CHECKED } },
    );
    expect(text(proven.querySelector('header'))).toBe('University of Examples');
    expect(proven.querySelector('header svg')).not.toBeNull();
  });

  test('a withheld name is not the header either: the proven domain stands in, else QR Verify', () => {
    const withheld = { name: LOOK_ALIKE, ...WITHHELD };
    const ownBrand = branded({ heading: '', logo_url: null }, { issuer: withheld });
    expect(text(ownBrand.querySelector('header'))).toBe('QR Verify');
    // QR Verify's own name keeps its own mark.
    expect(ownBrand.querySelector('header svg')).not.toBeNull();
    expect(
      text(
        branded(
          { heading: '' },
          { issuer: { ...withheld, issuer: 'alpha-university.edu', issuer_proof: 'domain' } },
        ).querySelector('header'),
      ),
    ).toBe('alpha-university.edu');
    // A heading the template sets is the issuer's own text, shown as typed.
    expect(text(branded({}, { issuer: withheld }).querySelector('header'))).toBe(
      'Registry of Examples',
    );
  });

  test('the download needs both the template and the verification to allow it', () => {
    expect(
      branded({ allow_download: false }, { allow_download: true }).querySelector('a[download]'),
    ).toBeNull();
    expect(
      branded({ allow_download: true }, { allow_download: false }).querySelector('a[download]'),
    ).toBeNull();
    expect(
      branded({ allow_download: true }, { allow_download: true }).querySelector('a[download]'),
    ).not.toBeNull();
  });

  test('a preview (no script URL) renders the same page without the script', () => {
    const document = parse(renderVerificationPage(view({ scriptUrl: null, template: BRANDED })));

    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelector('#check')).not.toBeNull();
  });

  const HOSTILE = '</style><script>alert(1)</script><img src=x onerror=alert(2)>';

  test('hostile template text stays text, and hostile colours and URLs never reach the page', () => {
    const html = renderVerificationPage(
      view({
        template: {
          ...BRANDED,
          logo_url: 'javascript:alert(1)',
          primary_color: 'red;} body{display:none',
          background_color: '#fff</style><script>alert(1)</script>',
          text_color: 'expression(alert(1))',
          heading: HOSTILE,
          intro: HOSTILE,
          fields: Object.fromEntries(
            Object.entries(BRANDED.fields).map(([field, setting]) => [
              field,
              { ...setting, label: HOSTILE },
            ]),
          ) as TemplateDesign['fields'],
          contact_text: HOSTILE,
          contact_url: 'javascript:alert(1)',
          footer_text: HOSTILE,
        },
      }),
    );
    const document = parse(html);

    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(1);
    expect(html).not.toMatch(/javascript:/i);
    expect(document.querySelector('style')?.textContent).not.toMatch(
      /display:none|expression|<script/,
    );
    expect(document.querySelector('style')?.textContent).toContain(
      `--brand: ${DEFAULT_TEMPLATE_DESIGN.primary_color}`,
    );
    expect(text(document.querySelector('header'))).toBe(HOSTILE);
    expect(text(document.querySelector('.intro'))).toBe(HOSTILE);
    expect(text(document.querySelector('dt'))).toBe(HOSTILE);
    expect(text(document.querySelector('footer .contact'))).toBe(HOSTILE);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/);
    }
  });
});

describe("the 'Check your copy' script, run in a browser-like DOM", () => {
  const SCRIPT = path.join(__dirname, '..', '..', 'src', 'pages', 'assets', 'verification-page.js');

  async function openPage(html = renderVerificationPage(view()), { webCrypto = true } = {}) {
    const dom = new JSDOM(html, { runScripts: 'outside-only' });
    const { window } = dom;
    // Node's WebCrypto, given the bytes as a Node Uint8Array: jsdom's ArrayBuffers come from another realm.
    const subtle = {
      digest: (algorithm: string, data: ArrayBuffer) =>
        webcrypto.subtle.digest(algorithm, new Uint8Array(data)),
    };
    Object.defineProperty(window, 'crypto', { value: webCrypto ? { subtle } : {} });
    const sent: string[] = [];
    window.fetch = (async (url: string) => {
      sent.push(String(url));
      throw new Error('no network in this test');
    }) as typeof window.fetch;
    const open = window.XMLHttpRequest.prototype.open;
    window.XMLHttpRequest.prototype.open = function (
      this: XMLHttpRequest,
      method: string,
      url: string | URL,
    ) {
      sent.push(String(url));
      return open.call(this, method, url, true);
    };
    window.eval(await readFile(SCRIPT, 'utf8'));
    return { window, document: window.document, sent };
  }

  async function choose(
    page: Awaited<ReturnType<typeof openPage>>,
    bytes: Buffer,
    name = 'file.pdf',
  ) {
    const input = page.document.querySelector<HTMLInputElement>('#check-file')!;
    const file = new page.window.File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new page.window.Event('change'));
    const result = page.document.querySelector<HTMLElement>('#check-result')!;
    for (
      let tries = 0;
      tries < 100 && ['working', null].includes(result.getAttribute('data-state'));
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return {
      state: result.getAttribute('data-state'),
      message: text(result),
      hidden: result.hidden,
    };
  }

  test('the original file matches, the secured PDF matches, anything else does not; nothing is sent', async () => {
    const page = await openPage();

    expect(await choose(page, ORIGINAL)).toEqual({
      state: 'match',
      message: 'This file matches the original',
      hidden: false,
    });
    expect(await choose(page, SECURED)).toEqual({
      state: 'match',
      message: 'This file matches the secured document issued under this code',
      hidden: false,
    });
    expect(await choose(page, Buffer.from('%PDF-1.7 a forged diploma'))).toEqual({
      state: 'mismatch',
      message: 'This file does not match the document issued under this code',
      hidden: false,
    });
    expect(page.sent).toEqual([]);
  });

  test('a file dropped on the drop zone is checked the same way', async () => {
    const page = await openPage();
    const drop = page.document.querySelector('#check-drop')!;
    const file = new page.window.File([new Uint8Array(ORIGINAL)], 'diploma.pdf');
    const event = new page.window.Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { files: [file] } });

    drop.dispatchEvent(event);
    const result = page.document.querySelector<HTMLElement>('#check-result')!;
    for (let tries = 0; tries < 100 && result.getAttribute('data-state') !== 'match'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    expect(event.defaultPrevented).toBe(true);
    expect(text(result)).toBe('This file matches the original');
  });

  test('without WebCrypto (a page not served over https) it says it cannot check', async () => {
    const dom = new JSDOM(renderVerificationPage(view()), { runScripts: 'outside-only' });
    Object.defineProperty(dom.window, 'crypto', { value: {} });
    dom.window.eval(await readFile(SCRIPT, 'utf8'));
    const input = dom.window.document.querySelector<HTMLInputElement>('#check-file')!;
    Object.defineProperty(input, 'files', { value: [new dom.window.File(['x'], 'x.pdf')] });

    input.dispatchEvent(new dom.window.Event('change'));

    expect(text(dom.window.document.querySelector('#check-result'))).toBe(
      'This browser cannot check files on this page.',
    );
  });

  describe('hashing as the file streams (hash-wasm), never holding it whole', () => {
    const HASHER = require.resolve('hash-wasm/dist/sha256.umd.min.js');
    const MB = 1024 * 1024;

    // jsdom's files cannot stream: this one hands its bytes out in chunks, as a browser's do.
    function streamingFile(window: Window & typeof globalThis, bytes: Buffer, chunkBytes = MB) {
      const file = new window.File([new Uint8Array(bytes)], 'large.pdf');
      let reads = 0;
      Object.defineProperty(file, 'stream', {
        value: () =>
          new ReadableStream<Uint8Array>({
            pull(controller) {
              const start = reads * chunkBytes;
              reads += 1;
              if (start >= bytes.length) controller.close();
              else controller.enqueue(new Uint8Array(bytes.subarray(start, start + chunkBytes)));
            },
          }),
      });
      return { file, reads: () => reads };
    }

    async function openStreamingPage(original: Buffer, { webCrypto = true } = {}) {
      const html = renderVerificationPage(
        view({
          verification: verification({ original_sha256: sha256(original) }),
          hasherUrl: '/v/assets/sha256.js?v=abc',
        }),
      );
      const page = await openPage(html, { webCrypto });
      // As the script would load it from hasherUrl (jsdom loads no scripts).
      page.window.eval(await readFile(HASHER, 'utf8'));
      return page;
    }

    async function checkFile(page: Awaited<ReturnType<typeof openPage>>, file: File) {
      const input = page.document.querySelector<HTMLInputElement>('#check-file')!;
      const result = page.document.querySelector<HTMLElement>('#check-result')!;
      const progress = page.document.querySelector<HTMLProgressElement>('#check-progress')!;
      const messages: string[] = [];
      new page.window.MutationObserver(() => {
        messages.push(text(result));
        if (!progress.hidden) messages.push(`bar ${progress.value}`);
      }).observe(result, { subtree: true, childList: true, characterData: true });
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new page.window.Event('change'));
      for (let tries = 0; tries < 500 && !/match/.test(text(result)); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return { message: text(result), messages, isProgressHidden: progress.hidden };
    }

    test('a file larger than 8 MB is hashed chunk by chunk, with its progress in words and a bar', async () => {
      const large = Buffer.alloc(9 * MB + 123, 7);
      large.write('%PDF-1.7');
      const page = await openStreamingPage(large);
      const { file, reads } = streamingFile(page.window as never, large);

      const checked = await checkFile(page, file);

      expect(checked.message).toBe('This file matches the original');
      expect(checked.isProgressHidden).toBe(true);
      expect(reads()).toBeGreaterThan(9);
      expect(checked.messages).toContain('Checking the file… 11%');
      expect(checked.messages).toContain('bar 11');
      expect(checked.messages).toContain('Checking the file… 100%');

      const altered = Buffer.from(large);
      altered[altered.length - 1] ^= 0xff;
      expect(
        (await checkFile(page, streamingFile(page.window as never, altered).file)).message,
      ).toBe('This file does not match the document issued under this code');
    });

    test('without WebCrypto (a page on plain http) even a small file is checked this way', async () => {
      const page = await openStreamingPage(ORIGINAL, { webCrypto: false });
      const { file } = streamingFile(page.window as never, ORIGINAL, 5);

      expect((await checkFile(page, file)).message).toBe('This file matches the original');
    });
  });

  test('on the not-found page there is nothing for it to do', async () => {
    await expect(
      openPage(renderVerificationPage(view({ verification: null }))),
    ).resolves.toBeDefined();
  });
});

describe('fonts', () => {
  test('Inter is declared from the URLs given, and a URL that is not a plain path is left out', () => {
    const html = renderVerificationPage(
      view({
        fontUrls: [
          { weight: 400, url: '/v/assets/inter-latin-400-normal.woff2?v=abc' },
          { weight: 700, url: '/v/assets/x.woff2"); } body { background: url("evil' },
        ],
      }),
    );
    const style = parse(html).querySelector('style')?.textContent ?? '';

    expect(style).toContain(
      '@font-face { font-family: Inter; font-style: normal; font-weight: 400; font-display: swap; src: url("/v/assets/inter-latin-400-normal.woff2?v=abc") format("woff2"); }',
    );
    expect(style).not.toContain('evil');
  });
});
