import { randomBytes } from 'node:crypto';
import { GROUPS } from '@ec/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrgWithOwner, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { orgUsers } from '../../db/tables/orgs.schema.ts';
import { personalAccessTokens } from '../../db/tables/pats.schema.ts';
import { usersRepository } from '../auth/users.repository.ts';

let t: TestApp;
let admin: TestUser;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines });
  admin = await createUser(t, { groups: ['UserManagement'] });
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString('hex');

const call = (
  caller: TestUser | undefined,
  method: 'GET' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/v1${url}`, headers: caller?.headers() ?? {}, payload });

const rename = (userGuid: string, name: string) =>
  t.db.update(users).set({ name }).where(eq(users.userGuid, userGuid));

const search = (query: Record<string, string | number | boolean>) =>
  call(admin, 'GET', `/users?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);

describe('GET /users', () => {
  it('finds by name, e-mail or phone, starts-with by default and contains on request, case-insensitively', async () => {
    const tag = unique();
    const ada = await createUser(t, { email: `ada-${tag}@example.com` });
    const bob = await createUser(t, { email: `bob-${tag}@example.com` });
    await rename(ada.userGuid, `Zq${tag} Ada`);
    await rename(bob.userGuid, `zq${tag} Bob`);
    await t.db.update(users).set({ phoneNumber: '+15551230000' }).where(eq(users.userGuid, bob.userGuid));

    const byName = await search({ search_attribute: 'name', search_value: `ZQ${tag}` });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({
      users: [
        {
          user_guid: ada.userGuid,
          name: `Zq${tag} Ada`,
          email: ada.email,
          email_verified: true,
          phone_number: null,
          phone_number_verified: false,
          locale: 'en-US',
          zoneinfo: 'America/New_York',
          picture: null,
          status: 'CONFIRMED',
        },
        expect.objectContaining({ user_guid: bob.userGuid }),
      ],
      total_found: 2,
      pagination_token: null,
    });

    const notStart = await search({ search_attribute: 'name', search_value: 'Bob' });
    expect(notStart.json().users.map((u: { user_guid: string }) => u.user_guid)).not.toContain(bob.userGuid);
    const contains = await search({
      search_attribute: 'name',
      search_value: `${tag} bob`,
      starts_with: false,
    });
    expect(contains.json().users.map((u: { user_guid: string }) => u.user_guid)).toEqual([bob.userGuid]);

    const byEmail = await search({ search_attribute: 'email', search_value: `BOB-${tag}` });
    expect(byEmail.json().users.map((u: { email: string }) => u.email)).toEqual([bob.email]);

    const byPhone = await search({ search_attribute: 'phone_number', search_value: '+1 555-123' });
    expect(byPhone.json().users.map((u: { user_guid: string }) => u.user_guid)).toContain(bob.userGuid);

    const wildcard = await search({ search_attribute: 'name', search_value: '%' });
    expect(wildcard.json().total_found).toBe(0);
  });

  it('pages by name then guid with a token, counting every match', async () => {
    const tag = unique();
    const created: TestUser[] = [];
    for (const name of ['c', 'A', 'b', 'b', 'E']) {
      const user = await createUser(t);
      await rename(user.userGuid, `Pg${tag} ${name}`);
      created.push(user);
    }
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const response = await search({
        search_value: `pg${tag}`,
        pagination_size: 2,
        ...(token ? { pagination_token: token } : {}),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total_found).toBe(5);
      seen.push(...body.users.map((u: { name: string; user_guid: string }) => `${u.name}|${u.user_guid}`));
      token = body.pagination_token;
      pages += 1;
    } while (token);
    expect(pages).toBe(3);
    const names = seen.map((entry) => entry.split('|')[0]!.slice(-1));
    expect(names).toEqual(['A', 'b', 'b', 'c', 'E']);
    const sameNameGuids = seen.filter((entry) => entry.includes(' b|')).map((entry) => entry.split('|')[1]);
    expect(sameNameGuids).toEqual([...sameNameGuids].sort());
  });

  it('answers 50 by default, nothing for enabled=false, and rejects bad queries', async () => {
    const all = await search({});
    expect(all.statusCode).toBe(200);
    expect(all.json().users.length).toBeLessThanOrEqual(50);
    expect(all.json().total_found).toBeGreaterThan(0);
    expect((await search({ enabled: false })).json()).toEqual({
      users: [],
      total_found: 0,
      pagination_token: null,
    });
    expect((await search({ search_attribute: 'password' })).statusCode).toBe(400);
    expect((await search({ starts_with: 'maybe' })).statusCode).toBe(400);
    expect((await search({ pagination_token: 'nonsense' })).statusCode).toBe(400);
  });
});

describe('GET and PATCH /users/:user_guid', () => {
  it('reads a user, and 404s an unknown one', async () => {
    const user = await createUser(t);
    const response = await call(admin, 'GET', `/users/${user.userGuid}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ user_guid: user.userGuid, email: user.email });
    expect(response.body).not.toContain('password');
    const missing = await call(admin, 'GET', `/users/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect((await call(admin, 'GET', '/users/not-a-guid')).statusCode).toBe(400);
  });

  it('lets a user admin edit name, e-mail and phone; phone is normalized and can be cleared', async () => {
    const user = await createUser(t);
    const email = `renamed-${unique()}@example.com`;
    const response = await call(admin, 'PATCH', `/users/${user.userGuid}`, {
      name: ' New Name ',
      email: email.toUpperCase(),
      phone_number: '+1 555-987-6543',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'New Name', email, phone_number: '+15559876543' });
    const cleared = await call(admin, 'PATCH', `/users/${user.userGuid}`, {
      name: 'New Name',
      email,
      phone_number: '',
    });
    expect(cleared.json().user.phone_number).toBeNull();
  });

  it('validates the fields', async () => {
    const user = await createUser(t);
    const noName = await call(admin, 'PATCH', `/users/${user.userGuid}`, { name: ' ', email: user.email });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Name is required.');
    const badEmail = await call(admin, 'PATCH', `/users/${user.userGuid}`, { name: 'X', email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('Must be valid e-mail');
    const noEmail = await call(admin, 'PATCH', `/users/${user.userGuid}`, { name: 'X' });
    expect(noEmail.statusCode).toBe(400);
    const badPhone = await call(admin, 'PATCH', `/users/${user.userGuid}`, {
      name: 'X',
      email: user.email,
      phone_number: '+44 20 7946 0958',
    });
    expect(badPhone.statusCode).toBe(400);
  });

  it("refuses an e-mail another account uses, and an SSO user's e-mail change", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const taken = await call(admin, 'PATCH', `/users/${user.userGuid}`, { name: 'X', email: other.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error_code).toBe('UsernameExistsException');

    const sso = await usersRepository(t.db).upsertExternal({
      issuer: 'https://idp.test',
      subject: unique(),
      email: `sso-${unique()}@example.com`,
      name: 'Sso User',
    });
    const changed = await call(admin, 'PATCH', `/users/${sso.userGuid}`, {
      name: 'Sso User',
      email: `elsewhere-${unique()}@example.com`,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error_code).toBe('EXTERNAL_PROVIDER');
    const renamed = await call(admin, 'PATCH', `/users/${sso.userGuid}`, {
      name: 'Renamed',
      email: sso.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ name: 'Renamed', status: 'EXTERNAL_PROVIDER' });
  });
});

describe('DELETE /users/:user_guid', () => {
  it('deletes the user with sessions, tokens and memberships, and logs the reason', async () => {
    const { orgGuid } = await createOrgWithOwner(t);
    const user = await createMember(t, orgGuid, 200);
    const pat = await t.app.inject({ method: 'POST', url: '/v1/pats', headers: user.headers(), payload: {} });
    expect(pat.statusCode).toBe(201);

    const noReason = await call(admin, 'DELETE', `/users/${user.userGuid}`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);

    const response = await call(admin, 'DELETE', `/users/${user.userGuid}`, { reason: 'left the company' });
    expect(response.statusCode).toBe(200);
    expect((await call(admin, 'GET', `/users/${user.userGuid}`)).statusCode).toBe(404);
    expect(await t.db.select().from(orgUsers).where(eq(orgUsers.userGuid, user.userGuid))).toEqual([]);
    expect(
      await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userGuid, user.userGuid)),
    ).toEqual([]);
    // The deleted user's session no longer works.
    expect((await t.app.inject({ url: '/v1/pats', headers: user.headers() })).statusCode).toBe(403);
    expect(logLines.some((line) => line.includes('left the company') && line.includes(user.userGuid))).toBe(
      true,
    );
    expect((await call(admin, 'DELETE', `/users/${user.userGuid}`, { reason: 'again' })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete oneself', async () => {
    const response = await call(admin, 'DELETE', `/users/${admin.userGuid}`, { reason: 'oops' });
    expect(response.statusCode).toBe(400);
    expect((await call(admin, 'GET', `/users/${admin.userGuid}`)).statusCode).toBe(200);
  });
});

describe('groups', () => {
  it('lists the grantable groups with descriptions for any platform admin', async () => {
    const deviceAdmin = await createUser(t, { groups: ['DeviceManagement'] });
    const response = await call(deviceAdmin, 'GET', '/users/groups');
    expect(response.statusCode).toBe(200);
    expect(response.json().groups.map((g: { name: string }) => g.name)).toEqual([...GROUPS]);
    expect(response.json().groups[0].description).toEqual(expect.any(String));
    expect((await call(await createUser(t), 'GET', '/users/groups')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/users/groups')).statusCode).toBe(401);
  });

  it("reads and replaces a user's groups, and the new groups take effect", async () => {
    const user = await createUser(t);
    expect((await call(admin, 'GET', `/users/${user.userGuid}/groups`)).json()).toEqual({ groups: [] });
    const put = await call(admin, 'PUT', `/users/${user.userGuid}/groups`, {
      groups: ['UserManagement', 'DeviceManagement', 'UserManagement'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ groups: ['UserManagement', 'DeviceManagement'] });
    expect((await call(user, 'GET', '/users')).statusCode).toBe(200);
    expect(
      (await call(admin, 'PUT', `/users/${user.userGuid}/groups`, { groups: ['Root'] })).statusCode,
    ).toBe(400);
    expect((await call(admin, 'PUT', `/users/${user.userGuid}/groups`, { groups: [] })).json()).toEqual({
      groups: [],
    });
    expect((await call(user, 'GET', '/users')).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('a plain user may only read and edit themselves', async () => {
    const plain = await createUser(t);
    const other = await createUser(t);
    expect((await call(plain, 'GET', '/users')).statusCode).toBe(403);
    expect((await call(plain, 'GET', `/users/${other.userGuid}`)).statusCode).toBe(403);
    expect((await call(plain, 'GET', `/users/${plain.userGuid}`)).statusCode).toBe(200);
    expect(
      (await call(plain, 'PATCH', `/users/${other.userGuid}`, { name: 'Hacked', email: other.email }))
        .statusCode,
    ).toBe(403);
    const self = await call(plain, 'PATCH', `/users/${plain.userGuid}`, {
      name: 'Me Myself',
      email: plain.email,
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().user.name).toBe('Me Myself');
    expect((await call(plain, 'DELETE', `/users/${other.userGuid}`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(plain, 'GET', `/users/${plain.userGuid}/groups`)).statusCode).toBe(403);
    expect(
      (await call(plain, 'PUT', `/users/${plain.userGuid}/groups`, { groups: ['UserManagement'] }))
        .statusCode,
    ).toBe(403);
  });

  it('other platform groups do not manage users', async () => {
    const other = await createUser(t);
    for (const group of [
      'OrganizationManagement',
      'DeviceManagement',
      'EntitlementManagement',
      'ContainerManagement',
    ]) {
      const staff = await createUser(t, { groups: [group] });
      expect((await call(staff, 'GET', '/users')).statusCode).toBe(403);
      expect((await call(staff, 'GET', `/users/${other.userGuid}`)).statusCode).toBe(403);
      expect(
        (await call(staff, 'PATCH', `/users/${other.userGuid}`, { name: 'X', email: other.email }))
          .statusCode,
      ).toBe(403);
      expect((await call(staff, 'DELETE', `/users/${other.userGuid}`, { reason: 'x' })).statusCode).toBe(403);
      expect(
        (await call(staff, 'PUT', `/users/${other.userGuid}/groups`, { groups: [group] })).statusCode,
      ).toBe(403);
    }
  });

  it('without a token every call answers 401, with an unknown one 403 ACCESS_DENIED', async () => {
    const other = await createUser(t);
    for (const [method, url] of [
      ['GET', '/users'],
      ['GET', `/users/${other.userGuid}`],
      ['GET', `/users/${other.userGuid}/groups`],
    ] as const) {
      expect((await call(undefined, method, url)).statusCode).toBe(401);
    }
    expect(
      (await call(undefined, 'PATCH', `/users/${other.userGuid}`, { name: 'X', email: other.email }))
        .statusCode,
    ).toBe(401);
    expect((await call(undefined, 'DELETE', `/users/${other.userGuid}`, { reason: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call(undefined, 'PUT', `/users/${other.userGuid}/groups`, { groups: [] })).statusCode).toBe(
      401,
    );
    const revoked = await t.app.inject({
      url: '/v1/users',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error_code).toBe('ACCESS_DENIED');
  });
});

describe('OpenAPI', () => {
  it('documents the user administration calls, with the search parameters', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    const list = document.paths['/v1/users'].get;
    expect(list.tags).toEqual(['user administration']);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'search_attribute',
        'search_value',
        'starts_with',
        'enabled',
        'pagination_token',
      ]),
    );
    expect(Object.keys(document.paths['/v1/users/{user_guid}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    expect(Object.keys(document.paths['/v1/users/{user_guid}/groups'])).toEqual(['get', 'put']);
    expect(document.paths['/v1/users/groups'].get).toBeDefined();
  });
});
