import { describe, expect, it } from 'vitest';
import { orgLinkState, orgListOf } from './org-list-link';

describe('orgListOf', () => {
  it('returns to the list the link came from', () => {
    expect(orgListOf(orgLinkState('/orgs?scope=all'))).toBe('/orgs?scope=all');
    expect(orgListOf(orgLinkState('/orgs'))).toBe('/orgs');
  });

  it("falls back to the caller's organizations for anything else", () => {
    for (const state of [null, undefined, {}, { orgList: 42 }, { orgList: 'https://elsewhere.example/' }])
      expect(orgListOf(state)).toBe('/orgs');
  });
});
