// Per-group component defaults: flat surfaces with subtle borders instead of heavy shadows.
import { alpha, type Components, type CSSObject, type Theme } from '@mui/material/styles';

/** The keyboard focus ring: a solid brand-blue outline, never only a faint tint. */
const focusRing = (theme: Theme): CSSObject => ({
  outline: `2px solid ${theme.palette.primary.main}`,
  outlineOffset: 2,
});

/** For items that fill their container's width (list items, menu items, tabs): the ring drawn inside, never clipped. */
const insetFocusRing = { '&.Mui-focusVisible': { outlineOffset: -2 } };

const keyboardFocus: Components<Theme> = {
  MuiCssBaseline: {
    // Links and controls that are not MUI buttons (plain anchors, summaries, focusable regions).
    styleOverrides: (theme) => ({
      'a:focus-visible, summary:focus-visible, [tabindex="0"]:focus-visible': focusRing(theme),
    }),
  },
  // Every MUI button, icon button, list item, menu item, tab, chip, checkbox and switch.
  MuiButtonBase: {
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) },
  },
};

const surfaces: Components<Theme> = {
  MuiPaper: {
    styleOverrides: {
      outlined: ({ theme }) => ({ borderColor: theme.palette.divider }),
    },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: { root: { borderRadius: 12 } },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.background.paper,
        borderBottom: `1px solid ${theme.palette.divider}`,
      }),
    },
  },
  MuiDrawer: {
    styleOverrides: {
      paper: ({ theme }) => ({ borderRight: `1px solid ${theme.palette.divider}` }),
    },
  },
};

const actions: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { borderRadius: 8, paddingInline: 16 } },
  },
  MuiLink: {
    // Underlined, so a link inside a sentence stands apart by more than its colour (WCAG 1.4.1).
    defaultProps: { underline: 'always' },
    styleOverrides: { root: ({ theme }) => ({ '&:focus-visible': focusRing(theme) }) },
  },
};

const navigation: Components<Theme> = {
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 8,
        ...insetFocusRing,
        '&.Mui-selected': {
          backgroundColor: alpha(theme.palette.primary.main, 0.08),
          color: theme.palette.primary.main,
          '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
        },
      }),
    },
  },
  MuiMenuItem: {
    styleOverrides: { root: insetFocusRing },
  },
  MuiToggleButton: {
    // MUI's grey (action.active) falls just short of 4.5:1 on the page's background.
    styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) },
  },
  MuiTab: {
    styleOverrides: {
      root: { textTransform: 'none', fontWeight: 600, minHeight: 48, ...insetFocusRing },
    },
  },
  MuiTooltip: {
    defaultProps: { arrow: true },
  },
};

const feedback: Components<Theme> = {
  MuiAlert: {
    styleOverrides: { root: { borderRadius: 8, alignItems: 'flex-start' } },
  },
};

export const componentOverrides: Components<Theme> = {
  ...keyboardFocus,
  ...surfaces,
  ...actions,
  ...navigation,
  ...feedback,
};
