import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { deleteOrg } from './delete-org';
import { getOrg } from './get-org';
import { getOrgUsers } from './get-org-users';
import { orgPath } from './org-path';
import { renameOrg } from './rename-org';
import { saveOrgUsers } from './save-org-users';

afterEach(() => vi.unstubAllGlobals());

describe('orgPath', () => {
  it('builds the path of one organization', () => {
    expect(orgPath('0000-a b')).toBe('/orgs/0000-a%20b');
    expect(orgPath('g', '/users')).toBe('/orgs/g/users');
  });

  it("refuses a missing guid with spec 1 §8's 'org_guid not supplied'", () => {
    for (const missing of ['', '  ', null, undefined])
      expect(() => orgPath(missing)).toThrow('org_guid not supplied');
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
