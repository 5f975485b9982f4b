// Colours, type and shape: calm and trustworthy. One deep blue carries primary actions; green,
// amber and red are reserved for status and always come with an icon and a word.
import type { ThemeOptions } from '@mui/material/styles';

export const brandBlue = {
  main: '#1B3A8C',
  dark: '#132A66',
  light: '#4A66B3',
  lighter: '#E8EDF8',
} as const;

export const palette: ThemeOptions['palette'] = {
  mode: 'light',
  primary: {
    main: brandBlue.main,
    dark: brandBlue.dark,
    light: brandBlue.light,
    contrastText: '#FFFFFF',
  },
  secondary: { main: '#475569', contrastText: '#FFFFFF' },
  // Status colours are darkened enough for WCAG AA text contrast on white.
  success: { main: '#1E7A46' },
  warning: { main: '#B45309' },
  error: { main: '#B42318' },
  info: { main: '#2F5DA8' },
  background: { default: '#F5F7FA', paper: '#FFFFFF' },
  text: { primary: '#0F172A', secondary: '#475569' },
  divider: '#E2E8F0',
};

const fontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(',');

// Scale: h1 page title, h2 section title, h3 card title, body1/body2 text, caption small print.
/** Codes and hashes: a system monospace font, so characters such as 0 and O stay apart. */
export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const typography: ThemeOptions['typography'] = {
  fontFamily,
  h1: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3, letterSpacing: '-0.01em' },
  h2: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
  h3: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.4 },
  h4: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.4 },
  h5: { fontSize: '0.9375rem', fontWeight: 600, lineHeight: 1.4 },
  h6: { fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.4 },
  body1: { fontSize: '0.9375rem', lineHeight: 1.6 },
  body2: { fontSize: '0.875rem', lineHeight: 1.55 },
  caption: { fontSize: '0.75rem', lineHeight: 1.5 },
  button: { fontWeight: 600, textTransform: 'none' },
};

export const shape: ThemeOptions['shape'] = { borderRadius: 8 };

/** The 8 px grid: theme.spacing(1) is 8 px. */
export const SPACING_UNIT_PX = 8;
