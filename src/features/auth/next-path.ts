/**
 * The in-app path from a `next` query value, or null. Only same-origin paths are accepted so a
 * crafted sign-in link cannot send the user to another site after signing in.
 */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  return next;
}
