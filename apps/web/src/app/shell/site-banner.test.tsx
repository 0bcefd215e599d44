import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preferences } from '../../lib/preferences';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { SiteBanner, sanitizeBannerHtml } from './site-banner';

const config = (html: string) => ({
  deployment_name: 'Edgecaster Cloud',
  support_url: '',
  debug: false,
  banner: {
    banner_id: 'maintenance-1',
    title: 'Maintenance tonight',
    html,
    icon: 'campaign',
    color: 'accent',
  },
});

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

  it('drops scripts, event handlers and javascript: links from the HTML', async () => {
    const clean = await sanitizeBannerHtml(
      '<p onclick="alert(1)">Hi</p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });
});
