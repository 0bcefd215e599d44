import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from '../lib/format-date';
import { sessionStore } from '../lib/session/session-store';
import { makeOrg, makeSessionUser } from '../testing/data-generators';
import { mockApi } from '../testing/mock-api';
import { renderWithProviders } from '../testing/render';
import { RequireLogin, RequireOrg, startGuardChecks } from './guards';

const user = makeSessionUser();
const expires = new Date(Date.now() + 3600_000).toISOString();

/** A page that shows a time, formatted while it renders. */
const Clock = () => <p>Stamp {formatTimestamp('2026-11-23T16:40:01Z')}</p>;

const routes = [
  {
    element: <RequireLogin />,
    children: [
      {
        element: <RequireOrg />,
        children: [{ path: '/devices', element: <h1>Devices page</h1> }],
      },
      { path: '/clock', element: <Clock /> },
    ],
  },
  { path: '/auth/:action', element: <h1>Auth page</h1> },
];

describe('guards', () => {
  it('sends a visitor without a session to the login page with a redirect', async () => {
    const { router } = renderWithProviders(null, { routes, url: '/devices?tab=mine' });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?redirect=%2Fdevices%3Ftab%3Dmine');
  });

  it('sends to the plain login page after the user signed out on purpose, until the next sign-in', async () => {
    sessionStore.clear({ signedOut: true });
    const { router } = renderWithProviders(null, { routes, url: '/devices' });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('');

    sessionStore.setToken({ access_token: 't', expires_at: expires, refresh_token: 'r' });
    expect(sessionStore.getState().signedOut).toBe(false);
  });

  it('starts both checks before any render when a session is stored, and none signed out', async () => {
    const org = makeOrg();
    const calls = mockApi({
      'GET /auth/session': { body: { user, expires_at: expires } },
      'GET /orgs': { body: { orgs: [org], pagination_token: null } },
    });
    startGuardChecks(new QueryClient());
    expect(calls).toHaveLength(0);

    sessionStore.setToken({ access_token: 't', expires_at: expires, refresh_token: 'r' });
    const queryClient = new QueryClient();
    startGuardChecks(queryClient);
    await vi.waitFor(() => expect(sessionStore.getState().orgGuid).toBe(org.org_guid));
    expect(calls.map((call) => call.path).sort()).toEqual(['/auth/session', '/orgs']);
    expect(queryClient.getQueryData(['session', 'user'])).toMatchObject({ user });
  });

  it('selects the only organization by itself', async () => {
    const org = makeOrg();
    sessionStore.setToken({ access_token: 't', expires_at: expires, refresh_token: 'r' });
    const calls = mockApi({
      'GET /auth/session': { body: { user, expires_at: expires } },
      'GET /orgs': { body: { orgs: [org], pagination_token: null } },
    });
    renderWithProviders(null, { routes, url: '/devices' });
    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
    expect(sessionStore.getState().orgGuid).toBe(org.org_guid);
    expect(calls.every((call) => call.headers.Authorization === 'Bearer t')).toBe(true);
  });

  it('asks to choose among several organizations', async () => {
    sessionStore.setToken({ access_token: 't', expires_at: expires, refresh_token: 'r' });
    mockApi({
      'GET /auth/session': { body: { user, expires_at: expires } },
      'GET /orgs': { body: { orgs: [makeOrg(), makeOrg()], pagination_token: null } },
    });
    const { router } = renderWithProviders(null, { routes, url: '/devices' });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/organizations');
    expect(router.state.location.search).toBe('?redirect=%2Fdevices');
  });

  it("shows times in the time zone of the signed-in user's profile", async () => {
    sessionStore.setToken({ access_token: 't', expires_at: expires, refresh_token: 'r' });
    const tokyo = makeSessionUser({ zoneinfo: 'Asia/Tokyo' });
    mockApi({ 'GET /auth/session': { body: { user: tokyo, expires_at: expires } } });
    renderWithProviders(null, { routes, url: '/clock' });
    expect(await screen.findByText('Stamp 2026/11/24 01:40:01 am GMT+9')).toBeInTheDocument();
  });

  it('shows a failed session check with Retry, and goes on once it succeeds', async () => {
    sessionStore.setToken({ access_token: 't', expires_at: expires, refresh_token: 'r' });
    let failing = true;
    mockApi({
      'GET /auth/session': () =>
        failing
          ? { status: 502, body: { message: 'The identity service is unreachable', error_code: 'X' } }
          : { body: { user, expires_at: expires } },
      'GET /orgs': { body: { orgs: [makeOrg()], pagination_token: null } },
    });
    const { user: person } = renderWithProviders(null, { routes, url: '/devices' });
    expect(
      await screen.findByText('The identity service is unreachable', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    failing = false;
    await person.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
  });

  it('treats a session that expires within 60 seconds as logged out', async () => {
    sessionStore.setToken({
      access_token: 't',
      expires_at: new Date(Date.now() + 30_000).toISOString(),
      refresh_token: 'r',
    });
    const { router } = renderWithProviders(null, { routes, url: '/devices' });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
