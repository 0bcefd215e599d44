import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { deleteUser } from './delete-user';
import { getUser } from './get-user';
import { getUserGroups } from './get-user-groups';
import { getUserOrgs } from './get-user-orgs';
import { setUserGroups } from './set-user-groups';
import { updateUser } from './update-user';
import { userPath } from './user-path';

afterEach(() => vi.unstubAllGlobals());

describe('userPath', () => {
  it('builds the path of one user', () => {
    expect(userPath('u 1')).toBe('/users/u%201');
    expect(userPath('u', '/groups')).toBe('/users/u/groups');
  });

  it("keeps every call about a user from being sent without a guid: 'user_guid not supplied'", async () => {
    const calls = mockApi({});
    const attempts: (() => Promise<unknown>)[] = [
      () => getUser(''),
      () => getUserGroups(' '),
      () => setUserGroups({ userGuid: '', groups: [] }),
      () => updateUser({ userGuid: '', body: { name: 'A', email: 'a@example.com' } }),
      () => deleteUser({ userGuid: '', reason: 'Gone' }),
      // Without the guid, GET /orgs would answer the caller's own organizations instead.
      () => getUserOrgs(''),
    ];
    for (const attempt of attempts)
      await expect(Promise.resolve().then(attempt)).rejects.toThrow('user_guid not supplied');
    expect(calls).toEqual([]);
  });
});
