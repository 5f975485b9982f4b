// The templates API's answers. Serialising through these schemas drops anything they do not list.
import { z } from 'zod';

import { TEMPLATE_FIELDS, type TemplateField } from '@common/templates';

const fieldSetting = z.object({ visible: z.boolean(), label: z.string() });

const fieldSettings = z.object(
  Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, fieldSetting])) as Record<
    TemplateField,
    typeof fieldSetting
  >,
);

const designShape = {
  primary_color: z.string(),
  background_color: z.string(),
  text_color: z.string(),
  heading: z.string(),
  intro: z.string(),
  fields: fieldSettings,
  allow_download: z.boolean(),
  contact_text: z.string(),
  contact_url: z.string(),
  footer_text: z.string(),
};

/** What the public page renders: public, nothing about the account. */
export const templateDesignAnswer = z.object({ logo_url: z.string().nullable(), ...designShape });

export const templateAnswer = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  ...designShape,
  logo: z.object({ url: z.string(), content_type: z.string(), size: z.number() }).nullable(),
  verification_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const templateListAnswer = z.object({
  count: z.number(),
  results: z.array(templateAnswer),
});
