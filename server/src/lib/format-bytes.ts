const KIBIBYTE = 1024;
const MEBIBYTE = 1024 * KIBIBYTE;

/** "1 MiB", "512 KiB" or "1500 bytes": for limits quoted in error messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= MEBIBYTE && bytes % MEBIBYTE === 0) return `${bytes / MEBIBYTE} MiB`;
  if (bytes >= KIBIBYTE && bytes % KIBIBYTE === 0) return `${bytes / KIBIBYTE} KiB`;
  return `${bytes} bytes`;
}
