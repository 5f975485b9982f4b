// The templates API's shapes, written once: the server validates and serialises with these schemas, the SPA
// imports their inferred types (as types only: constants, limits and the design types the public page renders
// with are in templates.ts, which does not import zod). Nested problems are reported under dotted paths
// (fields.holder_name.label), which is where the SPA's form shows them.
import { z } from 'zod';

import { LANGUAGES } from './i18n/languages';
import {
  isContactUrl,
  isHexColor,
  TEMPLATE_FIELDS,
  TEMPLATE_LIMITS,
  type TemplateDesign,
  type TemplateField,
} from './templates';
import { textField } from './text-schemas';

// Every text of a template but its name may be empty.
const OPTIONAL_TEXT = { blankMessage: false, isNullMissing: false } as const;

const colorField = z
  .string({ error: 'Must be text.' })
  .trim()
  .refine(isHexColor, 'Enter a colour as # and six hex digits, e.g. #173f8a.');

const contactUrlField = textField(TEMPLATE_LIMITS.contact_url, OPTIONAL_TEXT).refine(
  (value) => value === '' || isContactUrl(value),
  'Enter a link starting with https://, http:// or mailto:',
);

const fieldSetting = z.object(
  {
    visible: z.boolean({ error: 'Must be true or false.' }).optional(),
    label: textField(TEMPLATE_LIMITS.label, OPTIONAL_TEXT).optional(),
  },
  { error: 'Must be an object with visible and label.' },
);

const fieldsField = z.object(
  Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, fieldSetting.optional()])) as Record<
    TemplateField,
    z.ZodOptional<typeof fieldSetting>
  >,
  { error: `Must be an object with ${TEMPLATE_FIELDS.join(', ')}.` },
);

const templateFields = {
  name: textField(TEMPLATE_LIMITS.name, { isNullMissing: false }),
  primary_color: colorField,
  background_color: colorField,
  text_color: colorField,
  heading: textField(TEMPLATE_LIMITS.heading, OPTIONAL_TEXT),
  intro: textField(TEMPLATE_LIMITS.intro, { ...OPTIONAL_TEXT, multiline: true }),
  fields: fieldsField,
  allow_download: z.boolean({ error: 'Must be true or false.' }),
  contact_text: textField(TEMPLATE_LIMITS.contact_text, OPTIONAL_TEXT),
  contact_url: contactUrlField,
  footer_text: textField(TEMPLATE_LIMITS.footer_text, { ...OPTIONAL_TEXT, multiline: true }),
  /** Whether new verifications on the template get a sealed QR code (docs/seals.md); true when left out. */
  seal_enabled: z.boolean({ error: 'Must be true or false.' }),
  /** Whether its documents are achievements: their credentials are Open Badges (docs/credentials.md). */
  is_achievement: z.boolean({ error: 'Must be true or false.' }),
  achievement_description: textField(TEMPLATE_LIMITS.achievement_description, {
    ...OPTIONAL_TEXT,
    multiline: true,
  }),
  achievement_criteria: textField(TEMPLATE_LIMITS.achievement_criteria, {
    ...OPTIONAL_TEXT,
    multiline: true,
  }),
  /** The language its public pages are read in when the reader's choice and browser name none; null: English. */
  default_language: z
    .enum(LANGUAGES, { error: `Choose one of ${LANGUAGES.join(', ')}, or null for none.` })
    .nullable(),
};

const objectBody = { error: 'Send the template as a JSON object.' };

/**
 * POST /api/templates/: a name; everything else defaults from the default design. The server adds `logo` (a
 * form's file part, or null), which only a form can carry.
 */
export const newTemplateSchema = z.object(
  { ...z.object(templateFields).partial().shape, name: templateFields.name },
  objectBody,
);
export type NewTemplate = z.input<typeof newTemplateSchema>;

/** PATCH /api/templates/{id}/: any of the keys; an empty change is allowed. */
export const templateChangesSchema = z.object(z.object(templateFields).partial().shape, objectBody);
export type TemplateChanges = z.infer<typeof templateChangesSchema>;

/** DELETE /api/templates/{id}/?replacement_id=: where the template's verifications move. */
export const deleteTemplateQuerySchema = z.object({
  replacement_id: z.string({ error: 'Must be text.' }).trim().max(100).optional(),
});

/** /api/templates/{id}/… */
export const templateIdParams = z.object({ id: z.string() });

const fieldSettingSchema = z.object({ visible: z.boolean(), label: z.string() });

const fieldSettingsSchema = z.object(
  Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, fieldSettingSchema])) as Record<
    TemplateField,
    typeof fieldSettingSchema
  >,
);

const designShape = {
  primary_color: z.string(),
  background_color: z.string(),
  text_color: z.string(),
  heading: z.string(),
  intro: z.string(),
  fields: fieldSettingsSchema,
  allow_download: z.boolean(),
  contact_text: z.string(),
  contact_url: z.string(),
  footer_text: z.string(),
};

/** What the public page renders: public, nothing about the account. */
export const templateDesignSchema: z.ZodType<TemplateDesign> = z.object({
  logo_url: z.string().nullable(),
  ...designShape,
});

/** GET /api/templates/{id}/ and every other response that carries a template. */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  ...designShape,
  /** The logo as the signed-in owner fetches it, or null. */
  logo: z.object({ url: z.string(), content_type: z.string(), size: z.number() }).nullable(),
  /** How many of the account's verifications use this template. */
  verification_count: z.number(),
  /**
   * Whether its new verifications get a sealed QR code; existing codes never change. Always sent; optional in the
   * type only until the SPA's template fixtures carry it.
   */
  seal_enabled: z.boolean().optional(),
  /**
   * Whether its documents are achievements (a certificate, a diploma, a course): their credentials are Open Badges
   * 3.0, with this description and criteria (docs/credentials.md). Always sent; optional in the type only until
   * the SPA's template fixtures carry them.
   */
  is_achievement: z.boolean().optional(),
  achievement_description: z.string().optional(),
  achievement_criteria: z.string().optional(),
  /**
   * The language its public pages are read in when neither the address, the switcher's cookie nor the browser
   * chooses one (docs/languages.md); null: English. Always sent; optional in the type only until the SPA's
   * template fixtures carry it.
   */
  default_language: z.enum(LANGUAGES).nullable().optional(),
  /**
   * Who made it: the owner or a shared user. Always sent; optional in the type only until the SPA's template
   * fixtures carry it.
   */
  created_by: z.object({ email: z.string(), name: z.string() }).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Template = z.infer<typeof templateSchema>;

/** GET /api/templates/ */
export const templateListSchema = z.object({
  count: z.number(),
  results: z.array(templateSchema),
});
export type TemplateList = z.infer<typeof templateListSchema>;
