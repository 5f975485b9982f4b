// How a design's text looks in the browser's preview: the PDF's standard fonts as CSS families, where the baseline
// sits, and the value row 1 gives each field.
import {
  formatDesignDate,
  type BulkFont,
  type BulkStandardField,
  type DesignField,
} from '@common/bulk';

import { DATE_FIELDS, STANDARD_FIELD_LABELS, type MappingValues } from './bulk-draft';

import type { SheetPreview } from '../api/bulk-api';

export const FONT_LABELS: Record<BulkFont, string> = {
  Helvetica: 'Helvetica',
  'Helvetica-Bold': 'Helvetica Bold',
  'Times-Roman': 'Times',
  'Times-Bold': 'Times Bold',
  Courier: 'Courier',
  'Courier-Bold': 'Courier Bold',
};

interface CssFont {
  fontFamily: string;
  fontWeight: number;
  /** The baseline's distance from the top of a line-height: 1 box, in em (the font's ascent less half-leading). */
  baselineEm: number;
}

const SANS = { fontFamily: 'Helvetica, Arial, "Liberation Sans", sans-serif', baselineEm: 0.85 };
const SERIF = {
  fontFamily: '"Times New Roman", Times, "Liberation Serif", serif',
  baselineEm: 0.84,
};
const MONO = {
  fontFamily: '"Courier New", Courier, "Liberation Mono", monospace',
  baselineEm: 0.77,
};

export const CSS_FONTS: Record<BulkFont, CssFont> = {
  Helvetica: { ...SANS, fontWeight: 400 },
  'Helvetica-Bold': { ...SANS, fontWeight: 700 },
  'Times-Roman': { ...SERIF, fontWeight: 400 },
  'Times-Bold': { ...SERIF, fontWeight: 700 },
  Courier: { ...MONO, fontWeight: 400 },
  'Courier-Bold': { ...MONO, fontWeight: 700 },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isStandardField(field: string): field is BulkStandardField {
  return field in STANDARD_FIELD_LABELS;
}

/** A field's name in the editor: a standard field's label, or the column's header. */
export function fieldLabel(field: string): string {
  return isStandardField(field) ? STANDARD_FIELD_LABELS[field] : field;
}

/** Today as YYYY-MM-DD in the user's zone: what an unmapped issue date becomes on the day of the run. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The text row 1 puts in `field`, as the server will draw it; a placeholder when row 1 has nothing there. */
export function sampleText(
  field: DesignField,
  preview: SheetPreview,
  values: MappingValues,
): string {
  const column = isStandardField(field.field) ? values.mapping[field.field] : field.field;
  let value = column ? (preview.rows[0]?.[preview.columns.indexOf(column)] ?? '').trim() : '';
  if (!value && field.field === 'issue_date') value = todayIsoDate();
  if (value && DATE_FIELDS.includes(field.field) && ISO_DATE.test(value)) {
    value = formatDesignDate(value, field.date_format);
  }
  return value || `[${fieldLabel(field.field)}]`;
}
