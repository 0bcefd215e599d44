import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/session-store';
import { makeSessionUser } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { AccountRoute } from './account-route';

describe('/account', () => {
  it("ends My Account with the user's access tokens", async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    sessionStore.setToken({ access_token: 'token', expires_at: expiresAt, refresh_token: 'refresh' });
    mockApi({
      'GET /auth/session': { body: { user: makeSessionUser(), expires_at: expiresAt } },
      'GET /pats': { body: { personal_access_tokens: [] } },
    });
    renderWithProviders(null, { url: '/account', routes: [{ path: '/account', element: <AccountRoute /> }] });
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Access Tokens' })).toBeInTheDocument();
  });
});
