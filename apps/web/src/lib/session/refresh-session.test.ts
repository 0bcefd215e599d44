import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { ensureFreshSession } from './refresh-session';
import { sessionStore } from './session-store';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const renewed = { access_token: 'new', expires_at: inMinutes(60), refresh_token: 'r2' };

describe('ensureFreshSession', () => {
  afterEach(() => sessionStore.clear());

  it('leaves a token alone while it has more than 5 minutes left', async () => {
    sessionStore.setToken({ access_token: 'old', expires_at: inMinutes(30), refresh_token: 'r1' });
    const calls = mockApi({});
    await ensureFreshSession();
    expect(calls).toHaveLength(0);
  });

  it('renews a token about to end once, however many requests ask', async () => {
    sessionStore.setToken({ access_token: 'old', expires_at: inMinutes(2), refresh_token: 'r1' });
    const calls = mockApi({ 'POST /auth/refresh': { body: renewed } });
    await Promise.all([ensureFreshSession(), ensureFreshSession(), ensureFreshSession()]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ refresh_token: 'r1' });
    expect(sessionStore.getState()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('ends the session when the refresh token is refused', async () => {
    sessionStore.setToken({ access_token: 'old', expires_at: inMinutes(2), refresh_token: 'r1' });
    mockApi({ 'POST /auth/refresh': { status: 401, body: { message: 'expired', error_code: 'X' } } });
    await ensureFreshSession();
    expect(sessionStore.getState().accessToken).toBeNull();
  });

  it('takes the tokens another tab renewed instead of signing out', async () => {
    sessionStore.setToken({ access_token: 'old', expires_at: inMinutes(2), refresh_token: 'r1' });
    mockApi({
      'POST /auth/refresh': () => {
        // The other tab won the race and stored its new tokens.
        localStorage.setItem('ec.session', JSON.stringify(renewed));
        return { status: 401, body: { message: 'used', error_code: 'X' } };
      },
    });
    await ensureFreshSession();
    expect(sessionStore.getState()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });
});
