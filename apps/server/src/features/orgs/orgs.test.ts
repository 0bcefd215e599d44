import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createMember,
  createOrg,
  createOrgWithOwner,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates an organization with the creator as its admin', async () => {
    const user = await createUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/orgs',
      headers: user.headers(),
      payload: { org_name: 'Newsroom' },
    });
    expect(created.statusCode).toBe(201);
    const { org_guid } = created.json();
    const org = await t.app.inject({ url: `/v1/orgs/${org_guid}`, headers: user.headers() });
    expect(org.json().org).toEqual({ org_guid, org_name: 'Newsroom', access: 300 });
  });

  it('requires a name', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/orgs',
      headers: user.headers(),
      payload: { org_name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Organization name is required');
  });

  it("lists only the caller's organizations, sorted by name, searchable and paged", async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    await createOrg(t, stranger, 'Alpha Hidden');
    for (const name of ['Charlie', 'alpha', 'Bravo']) await createOrg(t, user, name);

    const all = await t.app.inject({ url: '/v1/orgs', headers: user.headers() });
    expect(all.json().orgs.map((o: { org_name: string }) => o.org_name)).toEqual([
      'alpha',
      'Bravo',
      'Charlie',
    ]);

    const search = await t.app.inject({ url: '/v1/orgs?org_name=ALP', headers: user.headers() });
    expect(search.json().orgs.map((o: { org_name: string }) => o.org_name)).toEqual(['alpha']);

    const first = await t.app.inject({ url: '/v1/orgs?pagination_size=2', headers: user.headers() });
    expect(first.json().orgs).toHaveLength(2);
    const second = await t.app.inject({
      url: `/v1/orgs?pagination_size=2&pagination_token=${first.json().pagination_token}`,
      headers: user.headers(),
    });
    expect(second.json()).toEqual({
      orgs: [expect.objectContaining({ org_name: 'Charlie' })],
      pagination_token: null,
    });
  });

  it('hides organizations from non-members', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const orgGuid = await createOrg(t, owner);
    const response = await t.app.inject({ url: `/v1/orgs/${orgGuid}`, headers: stranger.headers() });
    expect(response.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/v1/orgs/${orgGuid}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects a malformed paging token with a clear message', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      url: '/v1/orgs?pagination_token=garbage',
      headers: user.headers(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'pagination_token is not valid',
      error_code: 'INVALID_PAGINATION_TOKEN',
    });
  });
});

/** An organization with an admin (its creator), a User (200) and a Read Only (100) member. */
async function orgWithMembers() {
  const { owner: admin, orgGuid } = await createOrgWithOwner(t, { orgName: 'Members Inc' });
  const user = await createMember(t, orgGuid, 200);
  const reader = await createMember(t, orgGuid, 100);
  return { orgGuid, admin, user, reader };
}

const call = (
  method: 'GET' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  as: TestUser | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: as ? as.headers() : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const accessOf = async (orgGuid: string, as: TestUser) =>
  Object.fromEntries(
    (await call('GET', `/v1/orgs/${orgGuid}/users`, as))
      .json()
      .users.map((u: { user_guid: string; access: number }) => [u.user_guid, u.access]),
  );

describe("another user's organizations", () => {
  it('are listed for user administrators only', async () => {
    const member = await createUser(t);
    await createOrg(t, member, 'Listed For Admins');
    const userAdmin = await createUser(t, { groups: ['UserManagement'] });
    const other = await createUser(t, { groups: ['OrganizationManagement'] });

    const listed = await call('GET', `/v1/orgs?user_guid=${member.userGuid}`, userAdmin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().orgs).toEqual([
      expect.objectContaining({ org_name: 'Listed For Admins', access: 300 }),
    ]);
    expect((await call('GET', `/v1/orgs?user_guid=${member.userGuid}`, other)).statusCode).toBe(403);
    const own = await call('GET', `/v1/orgs?user_guid=${member.userGuid}`, member);
    expect(own.json().orgs).toHaveLength(1);
  });
});

describe('every organization (scope=all)', () => {
  it('is listed for organization managers, by name, searchable and paged, each with access 300', async () => {
    const tag = `Scope ${Date.now()}`;
    const owner = await createUser(t);
    const reader = await createUser(t);
    const manager = await createUser(t, { groups: ['OrganizationManagement'] });
    for (const name of [`${tag} charlie`, `${tag} Alpha`]) await createOrg(t, owner, name);
    const bravo = await createOrg(t, owner, `${tag} bravo`);
    await addMember(t, bravo, reader, 100);
    await createOrg(t, manager, `${tag} Delta`);

    const names = (response: { json(): { orgs: { org_name: string }[] } }) =>
      response.json().orgs.map((o) => o.org_name);
    const listed = await call('GET', `/v1/orgs?scope=all&org_name=${encodeURIComponent(tag)}`, manager);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().orgs).toEqual(
      ['Alpha', 'bravo', 'charlie', 'Delta'].map((name) => ({
        org_guid: expect.any(String),
        org_name: `${tag} ${name}`,
        access: 300,
      })),
    );
    // The search matches a fragment, case-insensitively.
    const search = await call(
      'GET',
      `/v1/orgs?scope=all&org_name=${encodeURIComponent(`${tag} BRA`)}`,
      manager,
    );
    expect(names(search)).toEqual([`${tag} bravo`]);

    const query = `scope=all&pagination_size=3&org_name=${encodeURIComponent(tag)}`;
    const first = await call('GET', `/v1/orgs?${query}`, manager);
    expect(names(first)).toEqual([`${tag} Alpha`, `${tag} bravo`, `${tag} charlie`]);
    const second = await call(
      'GET',
      `/v1/orgs?${query}&pagination_token=${first.json().pagination_token}`,
      manager,
    );
    expect(second.json()).toEqual({
      orgs: [expect.objectContaining({ org_name: `${tag} Delta` })],
      pagination_token: null,
    });

    // Without scope=all the manager lists their own organizations only.
    const own = await call('GET', `/v1/orgs?org_name=${encodeURIComponent(tag)}`, manager);
    expect(names(own)).toEqual([`${tag} Delta`]);
  });

  it('is refused to everyone else, members and other platform admins alike', async () => {
    const owner = await createUser(t);
    await createOrg(t, owner, 'Not For Everyone');
    const userAdmin = await createUser(t, { groups: ['UserManagement'] });
    for (const caller of [owner, userAdmin]) {
      const response = await call('GET', '/v1/orgs?scope=all', caller);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('FORBIDDEN');
    }
    expect((await call('GET', '/v1/orgs?scope=all', null)).statusCode).toBe(401);
  });

  it('does not mix with user_guid and takes only the known scopes', async () => {
    const manager = await createUser(t, { groups: ['OrganizationManagement'] });
    const mixed = await call('GET', `/v1/orgs?scope=all&user_guid=${manager.userGuid}`, manager);
    expect(mixed.statusCode).toBe(400);
    expect((await call('GET', '/v1/orgs?scope=everything', manager)).statusCode).toBe(400);
  });
});

describe('reading an organization and its members', () => {
  it('is open to every member, sorted by name, paged', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    for (const as of [admin, user, reader]) {
      const org = await call('GET', `/v1/orgs/${orgGuid}`, as);
      expect(org.statusCode).toBe(200);
      const users = await call('GET', `/v1/orgs/${orgGuid}/users`, as);
      expect(users.statusCode).toBe(200);
      expect(users.json().users).toHaveLength(3);
      expect(users.json().pagination_token).toBeNull();
    }
    const users = (await call('GET', `/v1/orgs/${orgGuid}/users`, reader)).json().users;
    expect(users).toContainEqual({
      user_guid: user.userGuid,
      name: `User ${user.email}`,
      email: user.email,
      access: 200,
    });
    const names = users.map((u: { name: string }) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const first = await call('GET', `/v1/orgs/${orgGuid}/users?pagination_size=2`, admin);
    expect(first.json().users).toHaveLength(2);
    const second = await call(
      'GET',
      `/v1/orgs/${orgGuid}/users?pagination_size=2&pagination_token=${first.json().pagination_token}`,
      admin,
    );
    expect(second.json()).toEqual({ users: [users[2]], pagination_token: null });
  });

  it('is hidden from non-members, refused without a token, open to OrganizationManagement', async () => {
    const { orgGuid } = await orgWithMembers();
    const stranger = await createUser(t);
    expect((await call('GET', `/v1/orgs/${orgGuid}/users`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/v1/orgs/${orgGuid}/users`, null)).statusCode).toBe(401);
    const orgAdmin = await createUser(t, { groups: ['OrganizationManagement'] });
    expect((await call('GET', `/v1/orgs/${orgGuid}`, orgAdmin)).json().org).toEqual({
      org_guid: orgGuid,
      org_name: 'Members Inc',
      access: 300,
    });
    expect((await call('GET', `/v1/orgs/${orgGuid}/users`, orgAdmin)).json().users).toHaveLength(3);
    const missing = await call('GET', '/v1/orgs/00000000-0000-4000-8000-000000000000', orgAdmin);
    expect(missing.statusCode).toBe(404);
    const badPage = await call('GET', `/v1/orgs/${orgGuid}/users?pagination_token=garbage`, orgAdmin);
    expect(badPage.statusCode).toBe(400);
  });
});

describe('renaming an organization', () => {
  it('is for organization admins and OrganizationManagement', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    const renamed = await call('PATCH', `/v1/orgs/${orgGuid}`, admin, { org_name: '  Renamed Inc ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().org).toEqual({ org_guid: orgGuid, org_name: 'Renamed Inc', access: 300 });
    expect((await call('GET', `/v1/orgs/${orgGuid}`, reader)).json().org.org_name).toBe('Renamed Inc');

    for (const as of [user, reader]) {
      const refused = await call('PATCH', `/v1/orgs/${orgGuid}`, as, { org_name: 'Nope' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe('ORG_ADMIN_REQUIRED');
    }
    const stranger = await createUser(t);
    expect((await call('PATCH', `/v1/orgs/${orgGuid}`, stranger, { org_name: 'Nope' })).statusCode).toBe(404);
    expect((await call('PATCH', `/v1/orgs/${orgGuid}`, null, { org_name: 'Nope' })).statusCode).toBe(401);

    const orgAdmin = await createUser(t, { groups: ['OrganizationManagement'] });
    const byPlatform = await call('PATCH', `/v1/orgs/${orgGuid}`, orgAdmin, { org_name: 'Platform Named' });
    expect(byPlatform.statusCode).toBe(200);
    expect((await call('GET', `/v1/orgs/${orgGuid}`, admin)).json().org.org_name).toBe('Platform Named');
  });

  it('needs a name', async () => {
    const { orgGuid, admin } = await orgWithMembers();
    const response = await call('PATCH', `/v1/orgs/${orgGuid}`, admin, { org_name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Organization name is required');
  });
});

describe('deleting an organization', () => {
  it('needs a reason', async () => {
    const { orgGuid, admin } = await orgWithMembers();
    for (const payload of [{ reason: '  ' }, {}]) {
      const response = await call('DELETE', `/v1/orgs/${orgGuid}`, admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Reason is required');
    }
    expect((await call('GET', `/v1/orgs/${orgGuid}`, admin)).statusCode).toBe(200);
  });

  it('is for organization admins; members and strangers are refused', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    for (const as of [user, reader])
      expect((await call('DELETE', `/v1/orgs/${orgGuid}`, as, { reason: 'x' })).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await call('DELETE', `/v1/orgs/${orgGuid}`, stranger, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/orgs/${orgGuid}`, null, { reason: 'x' })).statusCode).toBe(401);

    const deleted = await call('DELETE', `/v1/orgs/${orgGuid}`, admin, { reason: 'Project finished' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await call('GET', `/v1/orgs/${orgGuid}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/v1/orgs', user)).json().orgs).toEqual([]);
  });

  it('is open to OrganizationManagement', async () => {
    const { orgGuid, admin } = await orgWithMembers();
    const orgAdmin = await createUser(t, { groups: ['OrganizationManagement'] });
    expect((await call('DELETE', `/v1/orgs/${orgGuid}`, orgAdmin, { reason: 'Abuse' })).statusCode).toBe(200);
    expect((await call('GET', `/v1/orgs/${orgGuid}`, admin)).statusCode).toBe(404);
  });
});

describe("saving members' access levels", () => {
  it('saves the whole list at once', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    const saved = await call('PUT', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [
        { user_guid: admin.userGuid, access: 300 },
        { user_guid: user.userGuid, access: 100 },
        { user_guid: reader.userGuid, access: 300 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(await accessOf(orgGuid, admin)).toEqual({
      [admin.userGuid]: 300,
      [user.userGuid]: 100,
      [reader.userGuid]: 300,
    });
    // The new admin may now edit; the demoted user may only read.
    const byNewAdmin = await call('PUT', `/v1/orgs/${orgGuid}/users`, reader, {
      users: [{ user_guid: admin.userGuid, access: 200 }],
    });
    expect(byNewAdmin.statusCode).toBe(200);
    expect((await accessOf(orgGuid, admin))[admin.userGuid]).toBe(200);
  });

  it('refuses users who are not members, bad levels and duplicates', async () => {
    const { orgGuid, admin, user } = await orgWithMembers();
    const outsider = await createUser(t);
    const unknown = await call('PUT', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [
        { user_guid: user.userGuid, access: 100 },
        { user_guid: outsider.userGuid, access: 200 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: `Not members of this organization: ${outsider.userGuid}`,
      error_code: 'NOT_ORG_MEMBERS',
    });
    expect((await accessOf(orgGuid, admin))[user.userGuid]).toBe(200);

    const badLevel = await call('PUT', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [{ user_guid: user.userGuid, access: 250 }],
    });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().message).toContain('Access must be 100 (Read Only), 200 (User) or 300 (Admin)');
    const twice = await call('PUT', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [
        { user_guid: user.userGuid, access: 100 },
        { user_guid: user.userGuid, access: 300 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const empty = await call('PUT', `/v1/orgs/${orgGuid}/users`, admin, { users: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('never leaves the organization without an admin', async () => {
    const { orgGuid, admin, user } = await orgWithMembers();
    const response = await call('PUT', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [
        { user_guid: admin.userGuid, access: 200 },
        { user_guid: user.userGuid, access: 200 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('LAST_ORG_ADMIN');
    expect(response.json().message).toContain('at least one admin');
    expect((await accessOf(orgGuid, admin))[admin.userGuid]).toBe(300);
  });

  it('is for organization admins and OrganizationManagement', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    const payload = { users: [{ user_guid: reader.userGuid, access: 200 }] };
    for (const as of [user, reader])
      expect((await call('PUT', `/v1/orgs/${orgGuid}/users`, as, payload)).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await call('PUT', `/v1/orgs/${orgGuid}/users`, stranger, payload)).statusCode).toBe(404);
    expect((await call('PUT', `/v1/orgs/${orgGuid}/users`, null, payload)).statusCode).toBe(401);
    const orgAdmin = await createUser(t, { groups: ['OrganizationManagement'] });
    expect((await call('PUT', `/v1/orgs/${orgGuid}/users`, orgAdmin, payload)).statusCode).toBe(200);
    expect((await accessOf(orgGuid, admin))[reader.userGuid]).toBe(200);
  });
});

describe('removing members', () => {
  it('removes the listed members', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    const removed = await call('DELETE', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [user.userGuid, reader.userGuid],
    });
    expect(removed.statusCode).toBe(200);
    expect(await accessOf(orgGuid, admin)).toEqual({ [admin.userGuid]: 300 });
    expect((await call('GET', `/v1/orgs/${orgGuid}`, user)).statusCode).toBe(404);
  });

  it('refuses non-members, an empty list and removing the last admin', async () => {
    const { orgGuid, admin, user } = await orgWithMembers();
    const outsider = await createUser(t);
    const unknown = await call('DELETE', `/v1/orgs/${orgGuid}/users`, admin, { users: [outsider.userGuid] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_code).toBe('NOT_ORG_MEMBERS');
    expect((await call('DELETE', `/v1/orgs/${orgGuid}/users`, admin, { users: [] })).statusCode).toBe(400);
    const last = await call('DELETE', `/v1/orgs/${orgGuid}/users`, admin, {
      users: [admin.userGuid, user.userGuid],
    });
    expect(last.statusCode).toBe(400);
    expect(last.json().error_code).toBe('LAST_ORG_ADMIN');
    expect(Object.keys(await accessOf(orgGuid, admin))).toHaveLength(3);
  });

  it('is for organization admins and OrganizationManagement', async () => {
    const { orgGuid, admin, user, reader } = await orgWithMembers();
    const payload = { users: [reader.userGuid] };
    for (const as of [user, reader])
      expect((await call('DELETE', `/v1/orgs/${orgGuid}/users`, as, payload)).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await call('DELETE', `/v1/orgs/${orgGuid}/users`, stranger, payload)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/orgs/${orgGuid}/users`, null, payload)).statusCode).toBe(401);
    const orgAdmin = await createUser(t, { groups: ['OrganizationManagement'] });
    expect((await call('DELETE', `/v1/orgs/${orgGuid}/users`, orgAdmin, payload)).statusCode).toBe(200);
    expect(Object.keys(await accessOf(orgGuid, admin))).toHaveLength(2);
  });
});
