import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteOrg } from '../../features/orgs/api/delete-org';
import { renameOrg } from '../../features/orgs/api/rename-org';
import { saveOrgUsers } from '../../features/orgs/api/save-org-users';
import { makeOrg } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { getOrg } from './get-org';
import { getOrgUsers } from './get-org-users';
import { requireOrgGuid } from './org-path';

afterEach(() => vi.unstubAllGlobals());

describe('calls about one organization', () => {
  it('address the organization by its encoded guid', async () => {
    const calls = mockApi({
      'GET /orgs/0000-a%20b': { body: { org: makeOrg() } },
      'GET /orgs/g/users': { body: { users: [], pagination_token: null } },
    });
    await getOrg('0000-a b');
    await getOrgUsers('g');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /orgs/0000-a%20b',
      'GET /orgs/g/users',
    ]);
  });

  it("refuses a missing guid with spec 1 §8's 'org_guid not supplied'", () => {
    for (const missing of ['', '  ', null, undefined])
      expect(() => requireOrgGuid(missing)).toThrow('org_guid not supplied');
  });

  it('keeps every organization call from being sent without a guid', async () => {
    const calls = mockApi({});
    const attempts: (() => Promise<unknown>)[] = [
      () => getOrg(''),
      () => getOrgUsers(''),
      () => renameOrg({ orgGuid: '', orgName: 'New' }),
      () => deleteOrg({ orgGuid: '', reason: 'Gone' }),
      () => saveOrgUsers({ orgGuid: '', users: [] }),
    ];
    for (const attempt of attempts)
      await expect(Promise.resolve().then(attempt)).rejects.toThrow('org_guid not supplied');
    expect(calls).toEqual([]);
  });
});
