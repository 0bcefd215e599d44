import { afterEach, describe, expect, it } from 'vitest';
import { isSessionValid, sessionStore } from './session-store';

describe('isSessionValid', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');

  it('needs an expiry more than 60 seconds ahead', () => {
    expect(isSessionValid('2026-01-01T12:01:01Z', now)).toBe(true);
    expect(isSessionValid('2026-01-01T12:01:00Z', now)).toBe(false);
    expect(isSessionValid('2026-01-01T12:00:30Z', now)).toBe(false);
    expect(isSessionValid('2026-01-01T11:00:00Z', now)).toBe(false);
  });

  it('rejects a missing or broken expiry', () => {
    expect(isSessionValid(null, now)).toBe(false);
    expect(isSessionValid('soon', now)).toBe(false);
  });
});

describe('sessionStore', () => {
  afterEach(() => sessionStore.clear());

  it('keeps the token in localStorage', () => {
    sessionStore.setToken({
      access_token: 'abc',
      expires_at: '2030-01-01T00:00:00.000Z',
      refresh_token: 'r',
    });
    expect(JSON.parse(localStorage.getItem('ec.session') ?? '{}')).toEqual({
      access_token: 'abc',
      expires_at: '2030-01-01T00:00:00.000Z',
      refresh_token: 'r',
    });
    sessionStore.reload();
    expect(sessionStore.getState().accessToken).toBe('abc');
  });

  it('remembers the last organization after a logout', () => {
    sessionStore.selectOrg('org-1');
    sessionStore.clear();
    expect(sessionStore.getState().orgGuid).toBeNull();
    expect(sessionStore.lastOrgGuid()).toBe('org-1');
  });
});
