import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('follows a redirect that does not mention auth', () => {
    expect(redirectTarget('/devices/abc/config/system')).toBe('/devices/abc/config/system');
    expect(redirectTarget('/devices?tab=all')).toBe('/devices?tab=all');
  });

  it('goes to the dashboard otherwise', () => {
    expect(redirectTarget(null)).toBe('/dashboard');
    expect(redirectTarget('')).toBe('/dashboard');
    expect(redirectTarget('/auth/organizations')).toBe('/dashboard');
    expect(redirectTarget('/orgs?next=/auth')).toBe('/dashboard');
  });

  it('never leaves the site', () => {
    expect(redirectTarget('https://evil.example/')).toBe('/dashboard');
    expect(redirectTarget('//evil.example/x')).toBe('/dashboard');
  });
});
