import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { deleteUser } from './delete-user';
import { getUser } from './get-user';
import { getUserGroups } from './get-user-groups';
import { getUserOrgs } from './get-user-orgs';
import { setUserGroups } from './set-user-groups';
import { updateUser } from './update-user';

afterEach(() => vi.unstubAllGlobals());

describe('calls about one user', () => {
  it('address the user by their encoded guid', async () => {
    const calls = mockApi({
      'GET /users/u%201': { body: { user: makeSessionUser() } },
      'GET /users/u/groups': { body: { groups: [] } },
    });
    await getUser('u 1');
    await getUserGroups('u');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /users/u%201',
      'GET /users/u/groups',
    ]);
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
