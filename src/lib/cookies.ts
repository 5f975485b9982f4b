/** The decoded value of a cookie readable by scripts, or null when it is not set. */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The text written to document.cookie for one site-wide cookie; kept separate to measure it. */
export function formatCookie(name: string, value: string, lifetimeDays: number): string {
  const expires = new Date(Date.now() + lifetimeDays * DAY_MS).toUTCString();
  return `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** Sets a site-wide cookie readable by scripts that expires `lifetimeDays` from now. */
export function writeCookie(name: string, value: string, lifetimeDays: number): void {
  document.cookie = formatCookie(name, value, lifetimeDays);
}
