import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preferences } from '../../lib/preferences';
import { sessionStore } from '../../lib/session/session-store';
import { signInToTestOrg } from '../../testing/alert-fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { TopBar } from './top-bar';

/** A window as narrow as a phone: every max-width media query matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const config = {
  deployment_name: 'Edgecaster Cloud',
  support_url: 'https://support.example',
  debug: false,
  banner: null,
};

function renderTopBar() {
  return renderWithProviders(null, {
    url: '/dashboard',
    routes: [
      { path: '/dashboard', element: <TopBar loggedIn onAuthPage={false} /> },
      { path: '/alerts', element: <h1>Alerts page</h1> },
    ],
  });
}

describe('the alert bell (spec 1 §2.2)', () => {
  it("shows the server's count of active alerts and opens /alerts", async () => {
    signInToTestOrg();
    mockApi({ 'GET /alerts/active_count': { body: { active: 3 } } });
    const { user, router } = renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Alerts: 3' });
    expect(bell).toHaveTextContent('3');
    await user.click(bell);
    expect(router.state.location.pathname).toBe('/alerts');
  });

  it("shows '!' when the count cannot be fetched", async () => {
    signInToTestOrg();
    mockApi({
      'GET /alerts/active_count': { status: 500, body: { message: 'unavailable', error_code: 'INTERNAL' } },
    });
    renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Alerts: unavailable' });
    expect(bell).toHaveTextContent('!');
  });

  it('stays put with no active alerts, and shows no badge', async () => {
    signInToTestOrg();
    mockApi({ 'GET /alerts/active_count': { body: { active: 0 } } });
    const { user, router } = renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Alerts: 0' });
    expect(bell).toHaveTextContent('');
    await user.click(bell);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('the alert bell before an organization is selected', () => {
  it('counts nothing and asks for no alerts, even after the polling interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const expiresAt = new Date(Date.now() + 3600_000).toISOString();
      sessionStore.setToken({ access_token: 'token', expires_at: expiresAt, refresh_token: 'refresh' });
      const calls = mockApi({ 'GET /alerts/active_count': { body: { active: 2 } } });
      const { user, router } = renderTopBar();
      // Past the bell's longest polling interval (15 s).
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      const bell = screen.getByRole('button', { name: 'Alerts' });
      expect(bell).toHaveTextContent('');
      expect(calls.filter((call) => call.path.includes('alerts'))).toEqual([]);
      await user.click(bell);
      expect(router.state.location.pathname).toBe('/dashboard');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the top bar on a phone', () => {
  it('keeps the bell and Settings, and moves the theme switch and Support into the More menu', async () => {
    phoneWidth();
    signInToTestOrg();
    mockApi({
      'GET /config': { body: config },
      'GET /alerts/active_count': { body: { active: 0 } },
    });
    const { user } = renderTopBar();
    const banner = screen.getByRole('banner');
    await within(banner).findByRole('button', { name: 'Alerts: 0' });
    expect(within(banner).getByRole('button', { name: 'Settings' })).toBeVisible();
    expect(within(banner).queryByRole('button', { name: 'Dark mode' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Support' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'Support' })).toHaveAttribute(
      'href',
      'https://support.example',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Use dark theme' }));
    expect(preferences.get().darkMode).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the theme switch and Support in the bar on a wider screen', async () => {
    mockApi({ 'GET /config': { body: config } });
    renderWithProviders(<TopBar loggedIn={false} onAuthPage={false} />);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Support' })).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Dark mode' })).toBeVisible();
    expect(within(banner).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });
});
