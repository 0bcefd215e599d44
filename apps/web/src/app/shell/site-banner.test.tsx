import { ThemeProvider } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preferences } from '../../lib/preferences';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { buildTheme } from '../theme';
import { SiteBanner, sanitizeBannerHtml } from './site-banner';

const config = (html: string, color?: string) => ({
  deployment_name: 'Edgecaster Cloud',
  support_url: '',
  debug: false,
  banner: {
    banner_id: 'maintenance-1',
    title: 'Maintenance tonight',
    html,
    icon: 'campaign',
    ...(color ? { color } : {}),
  },
});

/** A CSS colour as the browser writes it back (rgb(...)). */
function cssColor(value: string) {
  const probe = document.createElement('i');
  probe.style.color = value;
  return probe.style.color;
}

describe('SiteBanner', () => {
  afterEach(() => {
    localStorage.clear();
    preferences.resetCache();
  });

  it('shows the title and the HTML body, and remembers Hide for that banner', async () => {
    mockApi({ 'GET /config': { body: config('<p>From <strong>22:00 UTC</strong></p>') } });
    const { user } = renderWithProviders(<SiteBanner />);
    const banner = await screen.findByRole('region', { name: 'Maintenance tonight' });
    expect(banner).toHaveTextContent('From 22:00 UTC');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('region', { name: 'Maintenance tonight' })).not.toBeInTheDocument();
    expect(preferences.get().hideBanner).toEqual(['maintenance-1']);
  });

  it.each(['light', 'dark'] as const)(
    "is drawn in the theme's purple accent when the configuration names no colour (%s theme)",
    async (mode) => {
      const theme = buildTheme(mode);
      mockApi({ 'GET /config': { body: config('<p>Tonight</p>') } });
      renderWithProviders(
        <ThemeProvider theme={theme}>
          <SiteBanner />
        </ThemeProvider>,
      );
      const banner = await screen.findByRole('region', { name: 'Maintenance tonight' });
      expect(banner).toHaveClass('MuiAlert-colorAccent');
      expect(banner).not.toHaveClass('MuiAlert-colorInfo');
      // MUI tints a standard Alert with its colour's light shade: lightened in light mode, darkened in dark.
      const tint = mode === 'light' ? theme.lighten : theme.darken;
      expect(getComputedStyle(banner).backgroundColor).toBe(cssColor(tint(theme.palette.accent.light, 0.9)));
    },
  );

  it('drops scripts, event handlers and javascript: links from the HTML', async () => {
    const clean = await sanitizeBannerHtml(
      '<p onclick="alert(1)">Hi</p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });
});
