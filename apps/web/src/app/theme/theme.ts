import { BREAKPOINTS } from '@aurum/core';
import { alpha, createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/**
 * Colours chosen for WCAG AA: the bright gold reads at about 9.7:1 on the dark background and
 * carries near-black text; the light theme uses a deep gold (about 5.3:1 on white) with white text.
 */
const PALETTES = {
  dark: {
    primary: { main: '#e6b34a', contrastText: '#1a1200' },
    secondary: { main: '#c9a36b', contrastText: '#1a1200' },
    // MUI's dark red carries white text at 3.7:1; near-black reads at 5.7:1 (a failed payout's chip, a destructive button).
    error: { main: '#f44336', contrastText: '#1a0000' },
    background: { default: '#0f0d0a', paper: '#1a1610' },
    text: { primary: '#f5efe3', secondary: 'rgba(245, 239, 227, 0.74)' },
    divider: 'rgba(245, 239, 227, 0.14)',
  },
  light: {
    primary: { main: '#8c6400', contrastText: '#ffffff' },
    secondary: { main: '#6b5431', contrastText: '#ffffff' },
    // MUI's orange and light blue carry white text at 3.1:1 and 3.9:1 (an open ticket's chip); these at 5.4:1 and 7.4:1.
    warning: { main: '#a35600', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#faf7f0', paper: '#ffffff' },
    text: { primary: '#1f1a12', secondary: 'rgba(31, 26, 18, 0.74)' },
    divider: 'rgba(31, 26, 18, 0.14)',
  },
} as const;

/** The browser chrome colour per mode, matching the top bar. */
export const THEME_COLORS: Record<PaletteMode, string> = { dark: '#14110c', light: '#ffffff' };

export function createAppTheme(mode: PaletteMode): Theme {
  const palette = PALETTES[mode];
  return createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: { mode, ...palette },
    shape: { borderRadius: 12 },
    typography: {
      // The system's own faces, then its colour emoji font, so emoji in posts and messages draw as emoji.
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"',
      // Headings carry names and @handles, one long word each: they break rather than push the page sideways.
      h1: {
        fontSize: 'clamp(1.75rem, 1.5rem + 1vw, 2.125rem)',
        fontWeight: 700,
        lineHeight: 1.2,
        letterSpacing: '-0.01em',
        overflowWrap: 'anywhere',
      },
      h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25, overflowWrap: 'anywhere' },
      h3: { fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A clear focus ring for keyboard users on everything, not only MUI's ripple.
          ':focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
          // The page shell starts dark (index.html) to avoid a white flash; follow the chosen mode from here on.
          html: { backgroundColor: palette.background.default },
          body: { overscrollBehaviorY: 'none' },
          // Who asked their system for less motion gets none (WCAG 2.3.3): fades, slides and colour changes end at once,
          // a hair above zero so the end events they wait for still fire, and a tap draws no ripple. Loading spinners
          // go on turning: they say something is happening.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              transitionDuration: '0.01ms !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
            '.MuiTouchRipple-root': { display: 'none' },
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: false },
        styleOverrides: {
          root: { borderRadius: 999, paddingInline: 20 },
          sizeLarge: { minHeight: 48, fontSize: '1rem' },
          outlined: { borderColor: 'currentColor' },
          contained: ({ theme }) => ({
            boxShadow: `0 4px 14px ${alpha(palette.primary.main, mode === 'dark' ? 0.25 : 0.3)}`,
            '&:hover': { boxShadow: theme.shadows[6] },
          }),
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
