// The two ways into a bulk operation, as the screens explain them.
import type { BulkMode } from '@common/bulk';

export const MODE_EXPLANATIONS: Record<BulkMode, { title: string; description: string }> = {
  documents: {
    title: 'Documents + sheet',
    description:
      'A zip of PDFs, PNGs or JPEGs and a CSV or Excel sheet with one row per document; its file column names each document in the zip.',
  },
  design: {
    title: 'Generate from one design',
    description:
      "One PDF background and a sheet: each row's values (name, title, date…) are drawn on its own copy, then secured.",
  },
};
