import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsPage, makeAlert, signInToTestOrg } from '../../features/alerts/testing/alert-fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { TopBar } from './top-bar';

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
  it('counts the active alerts of both kinds and opens /alerts', async () => {
    signInToTestOrg();
    mockApi({
      'GET /device_alerts': { body: alertsPage([makeAlert(), makeAlert(), makeAlert({ resolved: true })]) },
      'GET /alerts': {
        body: alertsPage([makeAlert({ alert_type: 'other' }), makeAlert({ silenced: true })]),
      },
    });
    const { user, router } = renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Alerts: 3' });
    expect(bell).toHaveTextContent('3');
    await user.click(bell);
    expect(router.state.location.pathname).toBe('/alerts');
  });

  it("shows '!' when either list cannot be fetched", async () => {
    signInToTestOrg();
    mockApi({
      'GET /device_alerts': { body: alertsPage([makeAlert()]) },
      'GET /alerts': { status: 500, body: { message: 'unavailable', error_code: 'INTERNAL' } },
    });
    renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Alerts: unavailable' });
    expect(bell).toHaveTextContent('!');
  });

  it('stays put with no active alerts', async () => {
    signInToTestOrg();
    mockApi({
      'GET /device_alerts': { body: alertsPage([makeAlert({ resolved: true })]) },
      'GET /alerts': { body: alertsPage([]) },
    });
    const { user, router } = renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Alerts: 0' });
    expect(bell).toHaveTextContent('0');
    await user.click(bell);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
