// Which files the upload step takes (the server's rules, checked before anything is sent) and the limits the
// operator configured, read from GET /api/settings/. Until the settings load, the server alone checks them.
import { useGetSettingsQuery } from '@/lib/api/settings-api';
import { formatFileSize } from '@/lib/format-file-size';

export interface BulkLimits {
  /** Bytes of the sheet. */
  sheetBytes?: number;
  /** Bytes of the documents' zip. */
  zipBytes?: number;
  /** Bytes of the design PDF: a document like any other. */
  designBytes?: number;
  rows?: number;
}

export function useBulkLimits(): BulkLimits {
  const settings = useGetSettingsQuery().data;
  return {
    sheetBytes: settings?.bulk_sheet_max_bytes,
    zipBytes: settings?.bulk_max_zip_bytes,
    designBytes: settings?.upload_max_bytes,
    rows: settings?.bulk_max_rows,
  };
}

export type BulkFileKind = 'sheet' | 'documents' | 'design';

interface FileRule {
  extensions: readonly string[];
  /** What the picker offers: extensions and MIME types. */
  accept: string;
  required: string;
  wrongType: string;
  /** 'CSV or Excel (.xlsx)' */
  describe: string;
}

export const FILE_RULES: Record<BulkFileKind, FileRule> = {
  sheet: {
    extensions: ['.csv', '.xlsx'],
    accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    required: 'Choose the sheet: a CSV or Excel (.xlsx) file with one row per document',
    wrongType: 'The sheet must be a CSV or Excel (.xlsx) file',
    describe: 'CSV or Excel (.xlsx)',
  },
  documents: {
    extensions: ['.zip'],
    accept: '.zip,application/zip,application/x-zip-compressed',
    required: 'Choose the zip of documents (PDF, PNG or JPEG files)',
    wrongType: 'The documents must be in one .zip file',
    describe: 'A .zip of PDF, PNG or JPEG files',
  },
  design: {
    extensions: ['.pdf'],
    accept: '.pdf,application/pdf',
    required: 'Choose the design: one PDF that every row is drawn on',
    wrongType: 'The design must be a PDF file',
    describe: 'One PDF',
  },
};

function limitOf(kind: BulkFileKind, limits: BulkLimits): number | undefined {
  return { sheet: limits.sheetBytes, documents: limits.zipBytes, design: limits.designBytes }[kind];
}

/** 'CSV or Excel (.xlsx), up to 10 MB' */
export function fileHint(kind: BulkFileKind, limits: BulkLimits): string {
  const maxBytes = limitOf(kind, limits);
  const { describe } = FILE_RULES[kind];
  return maxBytes ? `${describe}, up to ${formatFileSize(maxBytes)}` : describe;
}

/** The first problem with a chosen file, or null when it can be sent. */
export function fileProblem(
  kind: BulkFileKind,
  file: Pick<File, 'name' | 'size'> | null | undefined,
  limits: BulkLimits,
): string | null {
  const rule = FILE_RULES[kind];
  if (!file) return rule.required;
  const name = file.name.toLowerCase();
  if (!rule.extensions.some((extension) => name.endsWith(extension))) return rule.wrongType;
  if (file.size === 0) return 'The file is empty';
  const maxBytes = limitOf(kind, limits);
  if (maxBytes && file.size > maxBytes) {
    return `The file is larger than the ${formatFileSize(maxBytes)} limit`;
  }
  return null;
}
