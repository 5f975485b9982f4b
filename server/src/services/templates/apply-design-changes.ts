// Lays a create's or an edit's partial design over the default or the stored one, and holds the result to the
// rule that every row the page shows has a label.
import type { TemplateField, TemplateFieldSetting, TemplateSettings } from '@common/templates';

import { unlabelledRows } from './template-errors';

import type { TemplateChanges } from './template-changes';

// A row the page shows needs a label (custom fields are labelled by their own names).
function checkShownRowsLabelled(design: TemplateSettings): void {
  const details: Record<string, string[]> = {};
  for (const [field, setting] of Object.entries(design.fields) as Array<
    [TemplateField, TemplateFieldSetting]
  >) {
    if (field !== 'custom_fields' && setting.visible && setting.label.trim() === '') {
      details[`fields.${field}.label`] = ['A row shown on the page needs a label.'];
    }
  }
  if (Object.keys(details).length > 0) throw unlabelledRows(details);
}

/** Refuses, as a validation failure of the body, a result that shows a row without a label. */
export function applyDesignChanges(
  current: TemplateSettings,
  changes: TemplateChanges,
): TemplateSettings {
  const fields = { ...current.fields };
  for (const [field, setting] of Object.entries(changes.fields ?? {}) as Array<
    [TemplateField, Partial<TemplateFieldSetting>]
  >) {
    fields[field] = { ...fields[field], ...setting };
  }
  const design: TemplateSettings = {
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
  checkShownRowsLabelled(design);
  return design;
}
