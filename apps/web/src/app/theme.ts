import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

/** Light and dark themes: primary orange, secondary light blue, accent purple (spec 1 §2.2). */
export function buildTheme(mode: 'light' | 'dark'): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: '#ef7d00', contrastText: '#ffffff' },
      secondary: { main: mode === 'dark' ? '#81d4fa' : '#0288d1' },
      accent: { main: mode === 'dark' ? '#b39ddb' : '#6a1b9a' },
      ...(mode === 'dark'
        ? { background: { default: '#121417', paper: '#1b1e23' } }
        : { background: { default: '#f5f6f8', paper: '#ffffff' } }),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 600 },
      h2: { fontSize: '1.75rem', fontWeight: 600 },
      h3: { fontSize: '1.4rem', fontWeight: 600 },
      h4: { fontSize: '1.2rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    },
  });
}
