// File sizes as people read them, for any screen that names a chosen file.

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB'];

/** 1536 → '1.5 KB' (binary multiples, as file managers show them); '1 GB', not '1.0 GB'. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${BYTE_UNITS[unit]}`;
}
