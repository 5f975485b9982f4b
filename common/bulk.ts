// Bulk operations as both sides see them: modes, statuses, the sheet's standard columns and how a header is
// matched to them, the fonts a design may use. No zod here (the shapes are in bulk-schemas.ts), so the SPA
// bundles these values without the schemas.
import { longDate, MONTH_NAMES } from './dates';

/** documents: a zip of documents and a sheet naming them; design: one PDF every row is drawn on. */
export const BULK_MODES = ['documents', 'design'] as const;
export type BulkMode = (typeof BULK_MODES)[number];

/**
 * validating → ready (or invalid, when no row is valid) → running → completed | failed | cancelled.
 * A `ready` operation may also be cancelled.
 */
export const BULK_STATUSES = [
  'validating',
  'ready',
  'invalid',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** Nothing more will happen to an operation in these states. */
export const BULK_FINAL_STATUSES: readonly BulkStatus[] = [
  'invalid',
  'completed',
  'failed',
  'cancelled',
];

/** The sheet's columns with a meaning of their own; every other column becomes a custom field. */
export const BULK_STANDARD_FIELDS = [
  'title',
  'holder_name',
  'issue_date',
  'expiry_date',
  'file',
] as const;
export type BulkStandardField = (typeof BULK_STANDARD_FIELDS)[number];

/** Which sheet column (by its header) fills each standard field; a field left out has no column. */
export type BulkColumnMapping = Partial<Record<BulkStandardField, string>>;

/** A header as it is compared: case and the spaces, underscores and hyphens between words do not count. */
export function normaliseColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** The mapping a sheet's headers suggest: each standard field to the header that matches its name. */
export function suggestColumnMapping(
  columns: readonly string[],
  mode: BulkMode,
): BulkColumnMapping {
  const mapping: BulkColumnMapping = {};
  for (const field of BULK_STANDARD_FIELDS) {
    if (field === 'file' && mode === 'design') continue;
    const column = columns.find(
      (header) => normaliseColumnName(header) === normaliseColumnName(field),
    );
    if (column !== undefined) mapping[field] = column;
  }
  return mapping;
}

/** The standard fonts a design may draw text in (they cover Western European text: WinAnsi). */
export const BULK_FONTS = [
  'Helvetica',
  'Helvetica-Bold',
  'Times-Roman',
  'Times-Bold',
  'Courier',
  'Courier-Bold',
] as const;
export type BulkFont = (typeof BULK_FONTS)[number];

export const BULK_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type BulkAlignment = (typeof BULK_ALIGNMENTS)[number];

/** How a date field is written on a design: ISO, or spelled out in English. */
export const BULK_DATE_FORMATS = [
  'YYYY-MM-DD',
  'D MMMM YYYY',
  'MMMM D, YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
] as const;
export type BulkDateFormat = (typeof BULK_DATE_FORMATS)[number];

/**
 * One value drawn on the design. `field` is a standard field (title, holder_name, issue_date, expiry_date) or a
 * sheet column's header. (x, y) is a fraction of the page from its top-left corner: the text's baseline at y,
 * and at x its left edge, centre or right edge as `align` says.
 */
export interface DesignField {
  field: string;
  /** Counted from 1 (1 is the first page, as in a PDF viewer); the first page when left out. */
  page?: number;
  x: number;
  y: number;
  font: BulkFont;
  /** Points. */
  size: number;
  /** #RRGGBB */
  color: string;
  align: BulkAlignment;
  /** For dates only; YYYY-MM-DD when left out. */
  date_format?: BulkDateFormat;
}

export interface DesignLayout {
  fields: DesignField[];
}

export const BULK_LIMITS = {
  name: 200,
  layout_fields: 20,
  font_size_min: 4,
  font_size_max: 200,
  /** Rows and errors the API lists at most in one answer. */
  errors_listed: 100,
  preview_rows: 5,
  page_size: 100,
  default_page_size: 20,
} as const;

/** A YYYY-MM-DD date written as the design asks. */
export function formatDesignDate(isoDate: string, format: BulkDateFormat = 'YYYY-MM-DD'): string {
  const [year, month, day] = isoDate.split('-');
  const monthName = MONTH_NAMES[Number(month) - 1] ?? month;
  switch (format) {
    case 'YYYY-MM-DD':
      return isoDate;
    case 'D MMMM YYYY':
      return longDate(isoDate);
    case 'MMMM D, YYYY':
      return `${monthName} ${Number(day)}, ${year}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
  }
}

/** The sample sheet the create screen offers: the standard columns and one custom field. */
export const BULK_SAMPLE_CSV = [
  'file,title,holder_name,issue_date,expiry_date,Grade',
  'diploma-ada.pdf,Bachelor of Science in Mathematics,Ada Lovelace,2026-06-30,,First Class Honours',
  'diploma-alan.pdf,Bachelor of Science in Computer Science,Alan Turing,2026-06-30,2031-06-30,Distinction',
  '',
].join('\n');
