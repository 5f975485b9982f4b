// What the create and edit calls hand to the template services once the route has validated the body, and how a
// partial change is laid over a stored (or the default) design.
import type { TemplateDesign, TemplateField, TemplateFieldSetting } from '@common/templates';

import { AppError } from '../../lib/app-error';

import type { TemplateLogoType } from './detect-logo-type';

export interface TemplateLogoUpload {
  data: Buffer;
  /** From the file's content, never from its name. */
  content_type: TemplateLogoType;
}

export type TemplateFieldChanges = Partial<Record<TemplateField, Partial<TemplateFieldSetting>>>;

/** Every key is optional; `logo: null` removes the logo, a missing logo keeps it. */
export interface TemplateChanges {
  name?: string;
  primary_color?: string;
  background_color?: string;
  text_color?: string;
  heading?: string;
  intro?: string;
  fields?: TemplateFieldChanges;
  allow_download?: boolean;
  contact_text?: string;
  contact_url?: string;
  footer_text?: string;
  logo?: TemplateLogoUpload | null;
}

/** The template's columns that hold its design (the logo aside). */
export type TemplateDesignColumns = Omit<TemplateDesign, 'logo_url'>;

export function applyDesignChanges(
  current: TemplateDesignColumns,
  changes: TemplateChanges,
): TemplateDesignColumns {
  const fields = { ...current.fields };
  for (const [field, setting] of Object.entries(changes.fields ?? {}) as Array<
    [TemplateField, Partial<TemplateFieldSetting>]
  >) {
    fields[field] = { ...fields[field], ...setting };
  }
  return {
    primary_color: (changes.primary_color ?? current.primary_color).toLowerCase(),
    background_color: (changes.background_color ?? current.background_color).toLowerCase(),
    text_color: (changes.text_color ?? current.text_color).toLowerCase(),
    heading: changes.heading ?? current.heading,
    intro: changes.intro ?? current.intro,
    fields,
    allow_download: changes.allow_download ?? current.allow_download,
    contact_text: changes.contact_text ?? current.contact_text,
    contact_url: changes.contact_url ?? current.contact_url,
    footer_text: changes.footer_text ?? current.footer_text,
  };
}

/** The design as the templates table stores it (fields as JSON text); anything else on `design` is left out. */
export function designValues(design: TemplateDesignColumns) {
  return {
    primary_color: design.primary_color,
    background_color: design.background_color,
    text_color: design.text_color,
    heading: design.heading,
    intro: design.intro,
    fields: JSON.stringify(design.fields),
    allow_download: design.allow_download,
    contact_text: design.contact_text,
    contact_url: design.contact_url,
    footer_text: design.footer_text,
  };
}

/** A row the page shows needs a label (custom fields are labelled by their own names). */
export function checkShownRowsLabelled(design: TemplateDesignColumns): void {
  const details: Record<string, string[]> = {};
  for (const [field, setting] of Object.entries(design.fields) as Array<
    [TemplateField, TemplateFieldSetting]
  >) {
    if (field !== 'custom_fields' && setting.visible && setting.label.trim() === '') {
      details[`fields.${field}.label`] = ['A row shown on the page needs a label.'];
    }
  }
  const paths = Object.keys(details);
  if (paths.length > 0) {
    throw new AppError({
      statusCode: 400,
      code: 'validation_failed',
      message: `Invalid body: ${paths.map((path) => `${path}: ${details[path][0]}`).join('; ')}`,
      details,
    });
  }
}
