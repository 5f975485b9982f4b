// What the create screen's steps hold between them, and how it becomes the create request. The chosen files live
// in memory only (a File cannot be kept past the page); what the server holds of them is named by upload ids.
import {
  BULK_STANDARD_FIELDS,
  type BulkColumnMapping,
  type BulkMode,
  type BulkStandardField,
  type DesignField,
} from '@common/bulk';
import { DEFAULT_QR_PLACEMENT, type QrPlacement } from '@common/verifications';

import type { BulkUploadKind, CreateBulkOperationRequest, SheetPreview } from '../api/bulk-api';

export interface UploadValues {
  mode: BulkMode;
  sheet: File | null;
  documents: File | null;
  design: File | null;
  name: string;
  /** '' until the account's templates load (then its default). */
  template_id: string;
  qr: QrPlacement;
  allow_download: boolean;
}

export interface MappingValues {
  /** Each standard field's column; '' for none. */
  mapping: Record<BulkStandardField, string>;
  /** Columns neither mapped nor published. */
  ignored_columns: string[];
}

export interface LayoutValues {
  fields: DesignField[];
}

export const STANDARD_FIELD_LABELS: Record<BulkStandardField, string> = {
  title: 'Title',
  holder_name: 'Holder name',
  issue_date: 'Issue date',
  expiry_date: 'Expiry date',
  file: 'File',
};

export const DATE_FIELDS: readonly string[] = ['issue_date', 'expiry_date'];

export function blankUpload(): UploadValues {
  return {
    mode: 'documents',
    sheet: null,
    documents: null,
    design: null,
    name: '',
    template_id: '',
    qr: { ...DEFAULT_QR_PLACEMENT },
    allow_download: false,
  };
}

/** The standard fields a mode uses: a design has no file column. */
export function fieldsOfMode(mode: BulkMode): BulkStandardField[] {
  return BULK_STANDARD_FIELDS.filter((field) => field !== 'file' || mode === 'documents');
}

/** The mapping step's start: the server's suggestion, every other column published. */
export function suggestedMapping(preview: SheetPreview, mode: BulkMode): MappingValues {
  const suggested = preview.mapping as BulkColumnMapping;
  const mapping = Object.fromEntries(
    BULK_STANDARD_FIELDS.map((field) => {
      const column = suggested[field];
      const isUsable =
        column !== undefined &&
        preview.columns.includes(column) &&
        fieldsOfMode(mode).includes(field);
      return [field, isUsable ? column : ''];
    }),
  ) as Record<BulkStandardField, string>;
  return { mapping, ignored_columns: [] };
}

/** Columns no standard field takes, in the sheet's order: the custom fields to be. */
export function otherColumns(columns: readonly string[], values: MappingValues, mode: BulkMode) {
  const mapped = new Set(fieldsOfMode(mode).map((field) => values.mapping[field]));
  return columns.filter((column) => !mapped.has(column));
}

/** Keeps a mapping from an earlier visit when the same sheet's headers still have its columns. */
export function carriedMapping(
  previous: MappingValues | null,
  preview: SheetPreview,
  mode: BulkMode,
): MappingValues {
  const suggested = suggestedMapping(preview, mode);
  if (!previous) return suggested;
  const mapping = { ...suggested.mapping };
  for (const field of fieldsOfMode(mode)) {
    const column = previous.mapping[field];
    if (column === '' || preview.columns.includes(column)) mapping[field] = column;
  }
  for (const field of BULK_STANDARD_FIELDS)
    if (!fieldsOfMode(mode).includes(field)) mapping[field] = '';
  return {
    mapping,
    ignored_columns: previous.ignored_columns.filter((column) => preview.columns.includes(column)),
  };
}

/** The fields first placed on a design: name, title and date, centred one under the other. */
export function startingLayout(values: MappingValues): LayoutValues {
  const base = { x: 0.5, font: 'Helvetica', color: '#1f2937', align: 'center' } as const;
  const fields: DesignField[] = [
    { ...base, field: 'holder_name', y: 0.45, size: 32, font: 'Helvetica-Bold' },
    { ...base, field: 'title', y: 0.55, size: 18 },
    { ...base, field: 'issue_date', y: 0.65, size: 12, date_format: 'D MMMM YYYY' },
  ];
  return {
    fields: fields.filter(
      (field) => field.field === 'issue_date' || values.mapping[field.field as BulkStandardField],
    ),
  };
}

/** The staged files' ids by kind, as far as they are known. */
export type UploadIds = Partial<Record<BulkUploadKind, string>>;

/** The files a mode sends: the sheet, and the zip or the design. */
export function kindsOfMode(mode: BulkMode): BulkUploadKind[] {
  return ['sheet', mode === 'design' ? 'design' : 'documents'];
}

/** POST /api/bulk-operations/ as JSON, naming the staged files by id. */
export function createRequest(
  upload: UploadValues,
  ids: UploadIds,
  values: MappingValues,
  columns: readonly string[],
  layout: LayoutValues | null,
): CreateBulkOperationRequest {
  // Every field, '' for "Not in the sheet": a field left out would take the server's suggestion back.
  const mapping: BulkColumnMapping = Object.fromEntries(
    fieldsOfMode(upload.mode).map((field) => [field, values.mapping[field] ?? '']),
  );
  const others = otherColumns(columns, values, upload.mode);
  const isDesign = upload.mode === 'design';
  return {
    sheet_upload_id: ids.sheet ?? '',
    ...(isDesign ? { design_upload_id: ids.design } : { documents_upload_id: ids.documents }),
    name: upload.name.trim() || undefined,
    template_id: upload.template_id || undefined,
    qr: upload.qr,
    allow_download: upload.allow_download,
    mapping,
    ignored_columns: others.filter((column) => values.ignored_columns.includes(column)),
    layout: isDesign && layout ? { fields: layout.fields } : undefined,
  };
}
