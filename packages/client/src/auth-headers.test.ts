import { describe, expect, it } from 'vitest';
import { authHeaders } from './auth-headers.ts';

describe('authHeaders', () => {
  it('introduces the token with Bearer unless told another scheme', () => {
    expect(authHeaders({ token: 'tok' })).toEqual({ Authorization: 'Bearer tok' });
    expect(authHeaders({ token: 'ec_pat_x', scheme: 'PAT' })).toEqual({ Authorization: 'PAT ec_pat_x' });
  });

  it('adds the organization header when an organization is set, and nothing for what is missing', () => {
    expect(authHeaders({ token: 'tok', orgGuid: 'org-1' })).toEqual({
      Authorization: 'Bearer tok',
      'x-org-guid': 'org-1',
    });
    expect(authHeaders({ token: null, orgGuid: null })).toEqual({});
  });
});
