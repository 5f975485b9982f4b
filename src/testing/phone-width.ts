// Renders as on a phone: every max-width media query matches, so lists collapse to cards.

/** Until the returned function is called. */
export function emulatePhoneWidth(): () => void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }),
  });
  return () => Reflect.deleteProperty(window, 'matchMedia');
}
