// For pure functions of a request header that every public page view calls (the browser's languages, its user
// agent): few distinct values arrive, so each is worked out once. Bounded in entries and in their length: past the
// limit the memory starts over, so headers made up by the million cost their work again but never memory.

const MAX_KEPT_LENGTH = 512;

export function memoizeByText<T>(
  compute: (text: string) => T,
  maxEntries = 512,
): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (text.length > MAX_KEPT_LENGTH) return compute(text);
    if (known.has(text)) return known.get(text) as T;
    if (known.size >= maxEntries) known.clear();
    const value = compute(text);
    known.set(text, value);
    return value;
  };
}
