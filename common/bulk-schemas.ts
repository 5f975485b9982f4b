// The bulk operations API's shapes, written once: the server validates requests and serialises responses with
// these schemas, the SPA imports their inferred types. The form's file parts (sheet, documents, design) are the
// server's to declare; the text fields are here.
import { z } from 'zod';

import {
  BULK_ALIGNMENTS,
  BULK_DATE_FORMATS,
  BULK_FONTS,
  BULK_LIMITS,
  BULK_MODES,
  BULK_STANDARD_FIELDS,
  BULK_STATUSES,
  type BulkColumnMapping,
  type DesignLayout,
} from './bulk';
import { textField } from './text-schemas';
import {
  booleanFromFormOrJson,
  optionalFormField,
  pageNumber,
  qrFromFormOrJson,
  structuredField,
  templateIdField,
} from './verifications-schemas';

const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 1.` })
    .min(0, `${name} must be a number from 0 to 1.`)
    .max(1, `${name} must be a number from 0 to 1.`);

const designFieldSchema = z.object({
  field: textField(200, { blankMessage: 'Each field needs a column to draw.' }),
  page: z
    .number()
    .int('page must be a whole number.')
    .min(1, 'page must be 1 or more: pages are counted from 1, the first page is 1.')
    .optional()
    .describe(
      'The page to draw on, counted from 1 (1 is the first page); the first page when left out.',
    ),
  x: fraction('x'),
  y: fraction('y'),
  font: z.enum(BULK_FONTS, { error: `font must be one of ${BULK_FONTS.join(', ')}.` }),
  size: z
    .number({ error: 'size must be a number of points.' })
    .min(BULK_LIMITS.font_size_min, `size must be at least ${BULK_LIMITS.font_size_min} points.`)
    .max(BULK_LIMITS.font_size_max, `size must be at most ${BULK_LIMITS.font_size_max} points.`),
  color: z
    .string({ error: 'color must be text.' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'color must be #RRGGBB.'),
  align: z.enum(BULK_ALIGNMENTS, { error: `align must be one of ${BULK_ALIGNMENTS.join(', ')}.` }),
  date_format: z
    .enum(BULK_DATE_FORMATS, {
      error: `date_format must be one of ${BULK_DATE_FORMATS.join(', ')}.`,
    })
    .optional(),
});

export const designLayoutSchema: z.ZodType<DesignLayout> = z.object(
  {
    fields: z
      .array(designFieldSchema, { error: 'fields must be a list.' })
      .min(1, 'Place at least one field on the design.')
      .max(BULK_LIMITS.layout_fields, `At most ${BULK_LIMITS.layout_fields} fields.`),
  },
  { error: 'The layout must be an object with a list of fields.' },
);

const columnName = z.string({ error: 'Each column must be named by its header.' }).max(200);

const columnMappingSchema: z.ZodType<BulkColumnMapping> = z.strictObject(
  Object.fromEntries(BULK_STANDARD_FIELDS.map((field) => [field, columnName.optional()])),
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `The mapping names an unknown field; the fields are ${BULK_STANDARD_FIELDS.join(', ')}.`
        : 'The mapping must be an object of field → column.',
  },
);

function fieldLabel(path: PropertyKey[]): string {
  return path.length > 0 ? `${path.join('.')}: ` : '';
}

/**
 * POST /api/bulk-operations/'s text fields (a multipart form). `mapping` and `ignored_columns` are JSON text;
 * a column neither mapped nor ignored becomes a custom field.
 */
export const newBulkOperationFields = z.object({
  name: optionalFormField(textField(BULK_LIMITS.name)),
  template_id: optionalFormField(templateIdField),
  qr: optionalFormField(qrFromFormOrJson),
  allow_download: optionalFormField(booleanFromFormOrJson),
  mapping: optionalFormField(
    structuredField(columnMappingSchema, { jsonText: 'accepted', label: fieldLabel }),
  ),
  ignored_columns: optionalFormField(
    structuredField(z.array(columnName, { error: 'Must be a list of column headers.' }).max(200), {
      jsonText: 'accepted',
    }),
  ),
  layout: optionalFormField(
    structuredField(designLayoutSchema, { jsonText: 'accepted', label: fieldLabel }),
  ),
});
export type NewBulkOperationFields = z.output<typeof newBulkOperationFields>;

/** What the SPA's form sends besides its files (JSON values as JSON text). */
export interface CreateBulkOperationForm {
  sheet: File;
  documents?: File;
  design?: File;
  name?: string;
  template_id?: string;
  /** JSON text of a QrPlacement. */
  qr?: string;
  allow_download?: 'true' | 'false';
  /** JSON text of a BulkColumnMapping. */
  mapping?: string;
  /** JSON text of a list of headers. */
  ignored_columns?: string;
  /** JSON text of a DesignLayout (design mode). */
  layout?: string;
}

/** One problem found in the sheet: its row (1 = the first row under the headers; null for the whole sheet). */
export const bulkRowErrorSchema = z.object({
  row: z.number().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

/** GET /api/bulk-operations/{id}/ and every answer that carries an operation. */
export const bulkOperationSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(BULK_MODES),
  status: z.enum(BULK_STATUSES),
  total_rows: z.number(),
  valid_rows: z.number(),
  invalid_rows: z.number(),
  /** Rows secured or failed so far in the run. */
  processed: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  /** The first problems, by row (at most BULK_LIMITS.errors_listed); all of them are in the report. */
  errors: z.array(bulkRowErrorSchema),
  error_count: z.number(),
  template_id: z.string().nullable(),
  sheet_name: z.string(),
  created_by: z.object({ email: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BulkOperation = z.infer<typeof bulkOperationSchema>;

/** GET /api/bulk-operations/ */
export const bulkOperationListQuerySchema = z.object({
  page: pageNumber(1),
  page_size: pageNumber(BULK_LIMITS.default_page_size, BULK_LIMITS.page_size),
});

export const bulkOperationPageSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(bulkOperationSchema),
});
export type BulkOperationPage = z.infer<typeof bulkOperationPageSchema>;

/** POST /api/bulk-operations/sheet-preview/ (multipart `sheet`, optional `mode`): what the mapping step shows. */
export const sheetPreviewSchema = z.object({
  columns: z.array(z.string()),
  row_count: z.number(),
  /** The first rows' values, in the columns' order. */
  rows: z.array(z.array(z.string())),
  /** Each standard field to the header matching its name. */
  mapping: z.record(z.string(), z.string()),
});
export type SheetPreview = z.infer<typeof sheetPreviewSchema>;

export const bulkOperationIdParams = z.object({ id: z.string() });

/** The files of an operation, each staged once (POST /api/bulk-operations/uploads/) and named by its id after. */
export const BULK_UPLOAD_KINDS = ['sheet', 'documents', 'design'] as const;
export type BulkUploadKind = (typeof BULK_UPLOAD_KINDS)[number];

/**
 * The same staging as a resumable upload (tus 1.0.0, metadata `kind` and `filename`): for the zip of documents,
 * which may be a gigabyte. The upload's id (its URL's last segment) is the staged file's id.
 */
export const BULK_RESUMABLE_UPLOADS_PATH = '/api/bulk-operations/uploads/resumable';

/** A staged bulk file: named by preview and create as {kind}_upload_id. */
export const bulkUploadSchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_UPLOAD_KINDS),
  name: z.string(),
  size: z.number(),
  /** After this the file is removed; it is uploaded again. */
  expires_at: z.string(),
});
export type BulkUpload = z.infer<typeof bulkUploadSchema>;
