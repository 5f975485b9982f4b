// Between a template as the server has it, the form's values, the design the page renders, and the
// body sent back.
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';
import { DEFAULT_TEMPLATE_DESIGN, type TemplateDesign } from '@common/templates';

import type { Template, TemplateWrite } from './api/templates-api';
import type { LogoChoice, TemplateFormValues } from './components/template-form-schema';

/** A new template starts as QR Verify's own page. */
export function blankTemplateValues(): TemplateFormValues {
  const design = DEFAULT_TEMPLATE_DESIGN;
  return {
    name: '',
    logo: null,
    primary_color: design.primary_color,
    background_color: design.background_color,
    text_color: design.text_color,
    heading: design.heading,
    intro: design.intro,
    fields: design.fields,
    allow_download: design.allow_download,
    contact_text: design.contact_text,
    contact_url: design.contact_url,
    footer_text: design.footer_text,
    seal_enabled: true,
    default_language: DEFAULT_LANGUAGE,
    is_achievement: false,
    achievement_description: '',
    achievement_criteria: '',
  };
}

export function templateFormValues(template: Template): TemplateFormValues {
  return {
    name: template.name,
    logo: template.logo ? { kind: 'saved', url: template.logo.url } : null,
    primary_color: template.primary_color,
    background_color: template.background_color,
    text_color: template.text_color,
    heading: template.heading,
    intro: template.intro,
    fields: template.fields,
    allow_download: template.allow_download,
    contact_text: template.contact_text,
    contact_url: template.contact_url,
    footer_text: template.footer_text,
    // Templates made before seals existed answer without it until the server sends it everywhere.
    seal_enabled: template.seal_enabled ?? true,
    // None (null) reads as English, which is what the page falls back to.
    default_language: template.default_language ?? DEFAULT_LANGUAGE,
    is_achievement: template.is_achievement ?? false,
    achievement_description: template.achievement_description ?? '',
    achievement_criteria: template.achievement_criteria ?? '',
  };
}

function logoUrl(logo: LogoChoice): string | null {
  if (!logo) return null;
  return logo.kind === 'saved' ? logo.url : logo.previewUrl;
}

/** What the page renders for the form as it stands, mid-typing included. */
export function designFromValues(values: TemplateFormValues): TemplateDesign {
  return {
    logo_url: logoUrl(values.logo),
    primary_color: values.primary_color,
    background_color: values.background_color,
    text_color: values.text_color,
    heading: values.heading,
    intro: values.intro,
    fields: values.fields,
    allow_download: values.allow_download,
    contact_text: values.contact_text,
    contact_url: values.contact_url,
    footer_text: values.footer_text,
  };
}

export function templateDesign(template: Template): TemplateDesign {
  return designFromValues(templateFormValues(template));
}

/**
 * The request body: text tidied of surrounding spaces, and the logo as a change — a new file, null
 * to remove the saved one, or left out to keep it.
 */
export function templateWrite(values: TemplateFormValues, initialLogo: LogoChoice): TemplateWrite {
  const fields = Object.fromEntries(
    Object.entries(values.fields).map(([field, setting]) => [
      field,
      { visible: setting.visible, label: setting.label.trim() },
    ]),
  ) as TemplateFormValues['fields'];
  const input: TemplateWrite['input'] = {
    name: values.name.trim(),
    primary_color: values.primary_color.toLowerCase(),
    background_color: values.background_color.toLowerCase(),
    text_color: values.text_color.toLowerCase(),
    heading: values.heading.trim(),
    intro: values.intro.trim(),
    fields,
    allow_download: values.allow_download,
    contact_text: values.contact_text.trim(),
    contact_url: values.contact_url.trim(),
    footer_text: values.footer_text.trim(),
    seal_enabled: values.seal_enabled,
    // English is the fallback anyway, so it is stored as none.
    default_language: values.default_language === DEFAULT_LANGUAGE ? null : values.default_language,
    is_achievement: values.is_achievement,
    achievement_description: values.achievement_description.trim(),
    achievement_criteria: values.achievement_criteria.trim(),
  };
  if (values.logo?.kind === 'new') return { input, logoFile: values.logo.file };
  if (!values.logo && initialLogo) return { input: { ...input, logo: null } };
  return { input };
}
