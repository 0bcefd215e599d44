import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

// The banner's colours (spec 1 §2.2) are theme colours, so an Alert takes them as they are.
declare module '@mui/material/Alert' {
  interface AlertPropsColorOverrides {
    accent: true;
    primary: true;
    secondary: true;
  }
}

/**
 * The brand orange (#ef7d00) reaches 4.5:1 only against dark colours: it stays as the primary of the
 * dark theme (6.7:1 on its background, dark text on orange buttons), while the light theme uses a
 * burnt orange that carries white text and reads as text on the light background.
 */
export const BRAND_ORANGE = '#ef7d00';
const LIGHT_ORANGE_TEXT = '#a85400';

/** Light and dark themes: primary orange, secondary light blue, accent purple (spec 1 §2.2). */
export function buildTheme(mode: 'light' | 'dark'): Theme {
  const dark = mode === 'dark';
  const theme = createTheme({
    palette: {
      mode,
      // Buttons, chips and badges pick white or dark text by WCAG AA for normal text, not MUI's 3:1.
      contrastThreshold: 4.5,
      primary: { main: dark ? BRAND_ORANGE : LIGHT_ORANGE_TEXT },
      secondary: { main: dark ? '#81d4fa' : '#0277bd' },
      // MUI's reds fall under 4.5:1 as text on a selected (orange-tinted) row: darker in light, lighter in dark.
      error: { main: dark ? '#ff7961' : '#c62828' },
      ...(dark
        ? { background: { default: '#121417', paper: '#1b1e23' } }
        : { background: { default: '#f5f6f8', paper: '#ffffff' } }),
    },
    // MUI's keyboard focus ring (2 px outline, offset 2 px) on every ButtonBase, Link, Tab and Checkbox.
    focusVisible: true,
    // A person who asks their system for less motion gets none: transitions, ripples, spinners and
    // skeletons stand still (the CSS below catches what MUI's setting does not).
    motion: { reducedMotion: 'system' },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 600 },
      h2: { fontSize: '1.75rem', fontWeight: 600 },
      h3: { fontSize: '1.4rem', fontWeight: 600 },
      h4: { fontSize: '1.2rem', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // The page heading receives focus after a navigation; it is not a control, so no ring.
          'h1[tabindex="-1"]:focus, main[tabindex="-1"]:focus': { outline: 'none' },
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // A disabled field's hint still says something worth reading (why it is disabled, what it means).
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      // Tabs never clip: they scroll and keep the selected tab in view. Scroll buttons show on wide
      // screens only; on a phone they would appear after the selected tab was scrolled into view and
      // cover it, and a finger scrolls the strip anyway.
      MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto' } },
    },
  });
  // A custom colour gets its light, dark and contrast shades only through augmentColor; components that
  // take a colour by name (an Alert's tint) need them.
  const accent = theme.palette.augmentColor({
    color: { main: dark ? '#b39ddb' : '#6a1b9a' },
    name: 'accent',
  });
  return createTheme(theme, { palette: { accent } });
}
