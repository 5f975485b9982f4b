// Per-group component defaults: flat surfaces with subtle borders instead of heavy shadows.
import { alpha, type Components, type Theme } from '@mui/material/styles';

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
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }),
    },
  },
  MuiLink: {
    defaultProps: { underline: 'hover' },
  },
};

const navigation: Components<Theme> = {
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 8,
        '&.Mui-selected': {
          backgroundColor: alpha(theme.palette.primary.main, 0.08),
          color: theme.palette.primary.main,
          '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
        },
      }),
    },
  },
  MuiTab: {
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } },
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
  ...surfaces,
  ...actions,
  ...navigation,
  ...feedback,
};
