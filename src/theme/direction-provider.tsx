// Right to left for one part of the app (the scanner in Arabic), as MUI's RTL guide does it: the theme's direction,
// and an Emotion cache whose styles have left and right swapped. MUI's components are styled with physical sides
// (an alert's icon has margin-right), so dir="rtl" alone would leave those on the wrong side. The guide's
// stylis-plugin-rtl is not a dependency; the swap it does for MUI's styles is the few lines below.
import createCache, { type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';

import type { ReactNode } from 'react';

const OTHER_SIDE: Record<string, string> = { left: 'right', right: 'left' };
const swapSides = (text: string) => text.replace(/\b(left|right)\b/g, (side) => OTHER_SIDE[side]!);

/** Shorthands for four sides (top right bottom left): the right and left values change places. */
const FOUR_SIDES = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
]);

/** A declaration's value as it reads mirrored; values it cannot take apart safely (calc(), !important) stay. */
export function mirroredValue(property: string, value: string): string {
  if (property === 'text-align' || property === 'float' || property === 'clear') {
    return swapSides(value);
  }
  if (/[(!/]/.test(value)) return value;
  const parts = value.trim().split(/\s+/);
  if (FOUR_SIDES.has(property) && parts.length === 4) {
    const [top, right, bottom, left] = parts;
    return [top, left, bottom, right].join(' ');
  }
  if (property === 'border-radius' && parts.length >= 3) {
    // Corners run top-left, top-right, bottom-right, bottom-left; three values mean the fourth is the second.
    const [topLeft, topRight, bottomRight, bottomLeft = topRight] = parts;
    return [topRight, topLeft, bottomLeft, bottomRight].join(' ');
  }
  return value;
}

/** The stylis step: every declaration with its sides swapped (margin-left → margin-right, left: → right:). */
const mirrorDeclarations: StylisPlugin = (element) => {
  if (element.type !== 'decl' || typeof element.children !== 'string') return;
  const property = swapSides(element.props as string);
  const value = mirroredValue(property, element.children);
  element.props = property;
  element.children = value;
  element.length = property.length;
  element.value = `${property}:${value};`;
};

// Its own key, so mirrored rules never share a class name with the left-to-right ones.
const rightToLeftCache = createCache({ key: 'muirtl', stylisPlugins: [mirrorDeclarations] });

const withRightToLeft = (outer: Theme): Theme => ({ ...outer, direction: 'rtl' });

/** Lays `children` out for `dir`; the element that carries dir="rtl" is the caller's. */
export function DirectionProvider({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  if (dir === 'ltr') return children;
  return (
    <CacheProvider value={rightToLeftCache}>
      <ThemeProvider theme={withRightToLeft}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
