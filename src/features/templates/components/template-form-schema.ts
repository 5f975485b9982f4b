// Rules of the template form, with the limits the server applies (common/templates.ts). Messages are
// shown verbatim next to the fields. Colour contrast is a warning shown beside the colours, not a rule.
import { setIn } from 'final-form';
import { boolean, mixed, object, string } from 'yup';

import { validateWithSchema } from '@/lib/forms/validate-with-schema';
import { LANGUAGES, type Language } from '@common/i18n/languages';
import {
  isContactUrl,
  isHexColor,
  TEMPLATE_FIELDS,
  TEMPLATE_LIMITS,
  TEMPLATE_LOGO_TYPES,
  type TemplateField,
  type TemplateSettings,
} from '@common/templates';

/** The logo as the form holds it: the saved one, a newly chosen file, or none. */
export type LogoChoice =
  | { kind: 'saved'; url: string }
  | {
      kind: 'new';
      file: File;
      /** An object URL of the file, to show it before it is uploaded; revoked once unused. */
      previewUrl: string;
    }
  | null;

export interface TemplateFormValues extends TemplateSettings {
  name: string;
  logo: LogoChoice;
  /** New verifications on the template get a sealed QR code. */
  seal_enabled: boolean;
  /** The public page's language when the reader names none. */
  default_language: Language;
  /** Its documents are achievements: their credentials are Open Badges (docs/credentials.md). */
  is_achievement: boolean;
  achievement_description: string;
  achievement_criteria: string;
}

/** The fields' names in the form, in the order the page lists them. */
export const FIELD_TITLES: Record<TemplateField, string> = {
  issuer: 'Issuer',
  holder_name: 'Holder name',
  issue_date: 'Issue date',
  expiry_date: 'Expiry date',
  custom_fields: 'Custom fields',
  code: 'Verification code',
};

const LOGO_MAX_KB = TEMPLATE_LIMITS.logo_size / 1024;
const LOGO_EXTENSIONS: Record<string, (typeof TEMPLATE_LOGO_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export const LOGO_MESSAGES = {
  type: 'Choose a PNG, JPEG or SVG image for the logo.',
  size: `The logo must be at most ${LOGO_MAX_KB} KB. Export a smaller image and try again.`,
  empty: 'This file is empty. Choose another image.',
};

export const LOGO_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';
export const LOGO_HINT = `PNG, JPEG or SVG, up to ${LOGO_MAX_KB} KB. Shown at most 40 px high.`;

/** What is wrong with a chosen logo file, or null when the server will take it. */
export function logoFileProblem(file: File): string | null {
  // Some systems give no type for SVG files; the extension then decides.
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = file.type || LOGO_EXTENSIONS[extension] || '';
  if (!(TEMPLATE_LOGO_TYPES as readonly string[]).includes(type)) return LOGO_MESSAGES.type;
  if (file.size === 0) return LOGO_MESSAGES.empty;
  if (file.size > TEMPLATE_LIMITS.logo_size) return LOGO_MESSAGES.size;
  return null;
}

function text(label: string, max: number) {
  return string().max(max, `${label} must be at most ${max} characters`);
}

function colour(label: string) {
  return string()
    .required(`${label} is required`)
    .test('hex', 'Enter a colour as # and six hex digits, e.g. #173f8a', (value) =>
      isHexColor(value ?? ''),
    );
}

function fieldSchema(field: TemplateField) {
  const title = FIELD_TITLES[field];
  // Custom fields are labelled by their own names on the page, so their label is not asked for.
  const label =
    field === 'custom_fields'
      ? string()
      : text('A label', TEMPLATE_LIMITS.label).when('visible', {
          is: true,
          then: (rule) => rule.trim().required(`Give the ${title.toLowerCase()} row a label`),
        });
  return object({ visible: boolean().required(), label });
}

export const templateFormSchema = object({
  name: text('Name', TEMPLATE_LIMITS.name).trim().required('Name is required'),
  logo: mixed<NonNullable<LogoChoice>>()
    .nullable()
    .test('logo', (logo, context) => {
      const problem = logo?.kind === 'new' ? logoFileProblem(logo.file) : null;
      return problem ? context.createError({ message: problem }) : true;
    }),
  primary_color: colour('Primary colour'),
  background_color: colour('Background colour'),
  text_color: colour('Text colour'),
  heading: text('Heading', TEMPLATE_LIMITS.heading),
  intro: text('Intro message', TEMPLATE_LIMITS.intro),
  fields: object(Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, fieldSchema(field)]))),
  allow_download: boolean(),
  contact_text: text('Contact text', TEMPLATE_LIMITS.contact_text),
  contact_url: text('Contact link', TEMPLATE_LIMITS.contact_url)
    .trim()
    .test(
      'contact-url',
      'Enter a link starting with https://, http:// or mailto:',
      (value) => !value || isContactUrl(value),
    ),
  footer_text: text('Footer text', TEMPLATE_LIMITS.footer_text),
  seal_enabled: boolean(),
  default_language: mixed<Language>().oneOf(LANGUAGES, 'Choose a language from the list.'),
  is_achievement: boolean(),
  achievement_description: text('Description', TEMPLATE_LIMITS.achievement_description),
  achievement_criteria: text('Criteria', TEMPLATE_LIMITS.achievement_criteria),
});

const validateFlat = validateWithSchema(templateFormSchema);

/** final-form reads errors in the shape of the values: 'fields.issuer.label' becomes nested. */
export function validateTemplateForm(values: TemplateFormValues): object {
  let errors: object = {};
  for (const [path, messages] of Object.entries(validateFlat(values))) {
    errors = setIn(errors, path, messages);
  }
  return errors;
}
