// One sheet row as a bulk operation sees it: the verification fields it makes (checked by the same schemas as a
// single verification), the text it draws on a design, and its problems, each under the column to fix.
import {
  BULK_STANDARD_FIELDS,
  formatDesignDate,
  type BulkColumnMapping,
  type DesignLayout,
} from '@common/bulk';
import { VERIFICATION_LIMITS } from '@common/verifications';
import {
  customFieldInputSchema,
  expiryAfterIssue,
  newVerificationFields,
  type CustomField,
} from '@common/verifications-schemas';

import type { BulkItemError } from '../../db/schema';
import type { DrawnText } from '../../documents/draw-design';
import type { StandardFontEmbedder } from 'pdf-lib';

// A row's status and problems are stored as they are (db/schema.ts, bulk_operation_items).
export type { BulkItemError, BulkItemStatus } from '../../db/schema';

/** How an operation reads its rows. */
export interface RowPlan {
  mapping: BulkColumnMapping;
  ignoredColumns: string[];
  layout: DesignLayout | null;
}

export interface RowFields {
  title: string;
  holder_name: string;
  issue_date: string;
  expiry_date: string | null;
  custom_fields: CustomField[];
}

const rowSchema = newVerificationFields
  .pick({ title: true, holder_name: true, issue_date: true, expiry_date: true })
  .superRefine(expiryAfterIssue);

type StandardValueField = 'title' | 'holder_name' | 'issue_date' | 'expiry_date';

/** The columns that become custom fields, in the sheet's order. */
export function customColumns(columns: readonly string[], plan: RowPlan): string[] {
  const mapped = new Set(Object.values(plan.mapping));
  const ignored = new Set(plan.ignoredColumns);
  return columns.filter((column) => !mapped.has(column) && !ignored.has(column));
}

/** Whole-sheet problems with the columns: a mapping naming no column, a required field unmapped, too many custom fields. */
export function columnProblems(
  columns: readonly string[],
  plan: RowPlan,
  mode: 'documents' | 'design',
): string[] {
  const problems: string[] = [];
  for (const [field, column] of Object.entries(plan.mapping)) {
    if (!columns.includes(column)) {
      problems.push(`The mapping puts ${field} in a column "${column}" the sheet does not have.`);
    }
  }
  const required =
    mode === 'documents' ? ['title', 'holder_name', 'file'] : ['title', 'holder_name'];
  for (const field of required) {
    if (!plan.mapping[field as keyof BulkColumnMapping]) {
      problems.push(`No column is mapped to ${field}; it is required.`);
    }
  }
  const custom = customColumns(columns, plan);
  if (custom.length > VERIFICATION_LIMITS.custom_fields) {
    problems.push(
      `${custom.length} columns would become custom fields; at most ${VERIFICATION_LIMITS.custom_fields}. Leave some out in the mapping step.`,
    );
  }
  const longName = custom.find((column) => column.length > VERIFICATION_LIMITS.custom_field_key);
  if (longName) {
    problems.push(
      `The column "${longName.slice(0, 40)}…" is too long to be a custom field's name (at most ${VERIFICATION_LIMITS.custom_field_key} characters).`,
    );
  }
  if (plan.layout) {
    for (const { field } of plan.layout.fields) {
      const isStandard = (BULK_STANDARD_FIELDS as readonly string[]).includes(field);
      if (!isStandard && !columns.includes(field)) {
        problems.push(
          `The design draws "${field}", which is neither a field nor a column of the sheet.`,
        );
      }
    }
  }
  return problems;
}

function cell(cells: Record<string, string>, column: string | undefined): string {
  return column === undefined ? '' : (cells[column] ?? '');
}

/** The row's verification fields, or its problems. `runDate` is the issue date of a row without one. */
export function rowFields(
  cells: Record<string, string>,
  columns: readonly string[],
  plan: RowPlan,
  runDate: string,
): { fields: RowFields; errors: [] } | { fields: null; errors: BulkItemError[] } {
  const errors: BulkItemError[] = [];
  const { mapping } = plan;
  const input = {
    title: cell(cells, mapping.title),
    holder_name: cell(cells, mapping.holder_name),
    issue_date: cell(cells, mapping.issue_date) || runDate,
    expiry_date: cell(cells, mapping.expiry_date) || undefined,
  };
  const parsed = rowSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as StandardValueField;
      errors.push({ column: mapping[field] ?? field, message: issue.message });
    }
  }
  const customFields: CustomField[] = [];
  for (const column of customColumns(columns, plan)) {
    const value = cell(cells, column);
    if (value === '') continue;
    const field = customFieldInputSchema.safeParse({ key: column, value });
    if (field.success) customFields.push(field.data);
    else errors.push(...field.error.issues.map((issue) => ({ column, message: issue.message })));
  }
  if (!parsed.success || errors.length > 0) return { fields: null, errors };
  return {
    fields: {
      title: parsed.data.title,
      holder_name: parsed.data.holder_name,
      issue_date: parsed.data.issue_date ?? runDate,
      expiry_date: parsed.data.expiry_date ?? null,
      custom_fields: customFields,
    },
    errors: [],
  };
}

/** The texts a design row draws: each layout field's value (dates as the field asks); empty values draw nothing. */
export function drawnTexts(
  cells: Record<string, string>,
  fields: RowFields,
  layout: DesignLayout,
): DrawnText[] {
  return layout.fields.flatMap((field) => {
    let text: string;
    if (field.field === 'issue_date' || field.field === 'expiry_date') {
      const date = fields[field.field];
      text = date ? formatDesignDate(date, field.date_format) : '';
    } else if (field.field === 'title' || field.field === 'holder_name') {
      text = fields[field.field];
    } else {
      text = cells[field.field] ?? '';
    }
    if (text === '') return [];
    const { page = 1, x, y, font, size, color, align } = field;
    return [
      { field: field.field, page, x, y, text: text.replace(/\s+/g, ' '), font, size, color, align },
    ];
  });
}

// Every standard font but Symbol and ZapfDingbats encodes text as WinAnsi: one embedder answers for all. pdf-lib
// loads with the first design's rows: a server that reads none does not hold it (~9 MiB).
let encoder: Promise<StandardFontEmbedder> | undefined;

/** The text encoder a design's standard fonts share. */
export function designFontEncoder(): Promise<StandardFontEmbedder> {
  encoder ??= import('pdf-lib').then(({ StandardFontEmbedder, StandardFonts }) =>
    StandardFontEmbedder.for(
      StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
    ),
  );
  return encoder;
}

/** The characters of text a design's standard fonts (their `encoder`) cannot draw. */
export function undrawableCharacters(text: string, encoder: StandardFontEmbedder): string[] {
  const missing = new Set<string>();
  for (const character of text) {
    try {
      encoder.encodeText(character);
    } catch {
      missing.add(character);
    }
  }
  return [...missing];
}

/** Problems drawing the row's texts: characters outside what the fonts can draw. */
export function drawingErrors(
  texts: DrawnText[],
  mapping: BulkColumnMapping,
  encoder: StandardFontEmbedder,
): BulkItemError[] {
  return texts.flatMap((text) => {
    const missing = undrawableCharacters(text.text, encoder);
    if (missing.length === 0) return [];
    const column = mapping[text.field as keyof BulkColumnMapping] ?? text.field;
    return [
      {
        column,
        message: `Has characters the design's fonts cannot draw (${missing.slice(0, 5).join(' ')}); they cover Western European text.`,
      },
    ];
  });
}
