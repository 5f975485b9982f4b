// Landing-page templates: how an issuer brands the public verification page. The server stores and validates
// them; the public page and the editor's live preview both render a TemplateDesign with the same code.

/** The verification's fields a template may show or hide on the public page, in the order the page lists them. */
export const TEMPLATE_FIELDS = [
  'issuer',
  'holder_name',
  'issue_date',
  'expiry_date',
  'custom_fields',
  'code',
] as const;

export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export interface TemplateFieldSetting {
  visible: boolean;
  /** The row's label on the page (custom fields are labelled by their own keys, so theirs is unused). */
  label: string;
}

export type TemplateFieldSettings = Record<TemplateField, TemplateFieldSetting>;

/** Everything about a template that changes how the public page looks. Text is plain text, never HTML. */
export interface TemplateDesign {
  /** Where the page loads the logo from, or null for none. */
  logo_url: string | null;
  /** #rrggbb: header, links and buttons. */
  primary_color: string;
  /** #rrggbb: the page behind the cards. */
  background_color: string;
  /** #rrggbb: text, on the page background and on the white cards. */
  text_color: string;
  /** Shown in the header beside the logo; empty shows the issuer's name. */
  heading: string;
  /** A short message under the verdict; empty shows nothing. */
  intro: string;
  fields: TemplateFieldSettings;
  /** Whether the page offers the secured document for download (and the verification allows it too). */
  allow_download: boolean;
  contact_text: string;
  /** https://…, http://… or mailto:…; empty for none. */
  contact_url: string;
  footer_text: string;
}

/** The design as a template stores it: everything but the logo, which is a file of its own. */
export type TemplateSettings = Omit<TemplateDesign, 'logo_url'>;

export const TEMPLATE_LIMITS = {
  name: 80,
  heading: 80,
  intro: 500,
  label: 40,
  contact_text: 120,
  contact_url: 500,
  footer_text: 300,
  /** An achievement's (docs/credentials.md). */
  achievement_description: 1000,
  achievement_criteria: 1000,
  /** Bytes. */
  logo_size: 512 * 1024,
} as const;

export const TEMPLATE_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type TemplateLogoType = (typeof TEMPLATE_LOGO_TYPES)[number];

export const DEFAULT_FIELD_SETTINGS: TemplateFieldSettings = {
  issuer: { visible: true, label: 'Issued by' },
  holder_name: { visible: true, label: 'Holder' },
  issue_date: { visible: true, label: 'Issue date' },
  expiry_date: { visible: true, label: 'Expiry date' },
  custom_fields: { visible: true, label: 'Custom fields' },
  code: { visible: true, label: 'Verification code' },
};

/** The look of QR Verify's own page: what every account's default template starts as. */
export const DEFAULT_TEMPLATE_DESIGN: TemplateDesign = {
  logo_url: null,
  primary_color: '#173f8a',
  background_color: '#f4f6f9',
  text_color: '#172033',
  heading: '',
  intro: '',
  fields: DEFAULT_FIELD_SETTINGS,
  allow_download: true,
  contact_text: '',
  contact_url: '',
  footer_text: '',
};

export const DEFAULT_TEMPLATE_NAME = 'Default';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Contact links: web pages and mail only, so a template can never carry a javascript: URL. */
export function isContactUrl(value: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(value);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  );
  return (lighter + 0.05) / (darker + 0.05);
}

const WHITE = '#ffffff';

/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

export interface ContrastWarning {
  field: 'text_color' | 'primary_color';
  message: string;
}

/** The pairs of colours the page puts together; each below AA is a warning (saving is still allowed). */
export function contrastWarnings(
  design: Pick<TemplateDesign, 'primary_color' | 'background_color' | 'text_color'>,
): ContrastWarning[] {
  const { primary_color: primary, background_color: background, text_color: text } = design;
  if (![primary, background, text].every(isHexColor)) return [];
  const warnings: ContrastWarning[] = [];
  // Text sits on the page background and on the white cards.
  if (Math.min(contrastRatio(text, background), contrastRatio(text, WHITE)) < MIN_TEXT_CONTRAST) {
    warnings.push({
      field: 'text_color',
      message:
        'The text colour is hard to read on the background or on the white cards (contrast below WCAG AA 4.5:1).',
    });
  }
  // Buttons put white text on the primary colour; links put the primary colour on white.
  if (contrastRatio(WHITE, primary) < MIN_TEXT_CONTRAST) {
    warnings.push({
      field: 'primary_color',
      message:
        'The primary colour is too light for white button text and links (contrast below WCAG AA 4.5:1).',
    });
  }
  return warnings;
}
