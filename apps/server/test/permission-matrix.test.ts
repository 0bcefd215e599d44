import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrg, createUser, provisionInto, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Spec 1 §6 as a matrix: every organization and user endpoint, the organization's alert lists and the
 * entitlements, tried by every kind of caller against the real server. A missing permission check fails
 * a cell.
 */
const CALLERS = [
  'no token',
  'non-member',
  'read only (100)',
  'user (200)',
  'admin (300)',
  'UserManagement',
  'OrganizationManagement',
  'DeviceManagement',
  'EntitlementManagement',
  'ContainerManagement',
] as const;
type Caller = (typeof CALLERS)[number];

/** Expected status per caller, written as the rule that produces it. */
const rule = (expect: (caller: Caller) => number) => Object.fromEntries(CALLERS.map((c) => [c, expect(c)]));
const LEVELS: Caller[] = ['read only (100)', 'user (200)', 'admin (300)'];
const orgRead = rule((c) =>
  c === 'no token' ? 401 : LEVELS.includes(c) || c === 'OrganizationManagement' ? 200 : 404,
);
/** Reads of what happens in an organization: its members only, as when working in it. */
const memberRead = rule((c) => (c === 'no token' ? 401 : LEVELS.includes(c) ? 200 : 404));
const orgEdit = (ok: number) =>
  rule((c) => {
    if (c === 'no token') return 401;
    if (c === 'admin (300)' || c === 'OrganizationManagement') return ok;
    return LEVELS.includes(c) ? 403 : 404;
  });
const signedIn = rule((c) => (c === 'no token' ? 401 : 200));
const userAdmin = rule((c) => (c === 'no token' ? 401 : c === 'UserManagement' ? 200 : 403));
const orgManager = rule((c) => (c === 'no token' ? 401 : c === 'OrganizationManagement' ? 200 : 403));
const platformAdmin = rule((c) => {
  if (c === 'no token') return 401;
  const admins: Caller[] = [
    'UserManagement',
    'OrganizationManagement',
    'DeviceManagement',
    'EntitlementManagement',
  ];
  return admins.includes(c) ? 200 : 403;
});

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let target: TestUser;
const callers = new Map<Caller, TestUser>();
const unique = () => randomBytes(4).toString('hex');

/** An organization owned by `owner` with the three level callers as members. */
async function freshOrg() {
  const guid = await createOrg(t, owner);
  await addMember(t, guid, callers.get('read only (100)')!, 100);
  await addMember(t, guid, callers.get('user (200)')!, 200);
  await addMember(t, guid, callers.get('admin (300)')!, 300);
  return guid;
}

async function invite(org: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/invites',
    headers: owner.headers(),
    payload: { org_guid: org, target_email: `invited-${unique()}@example.com` },
  });
  return response.json().invite_guid as string;
}

interface Cell {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  /** The organization the call is made in (x-org-guid). */
  org?: string;
}

/** Each endpoint: how to build its request (fresh fixtures for what it destroys) and who may call it. */
const ENDPOINTS: Array<{ name: string; expected: Record<string, number>; request: () => Promise<Cell> }> = [
  {
    name: 'GET /orgs?scope=all',
    expected: orgManager,
    request: async () => ({ method: 'GET', url: '/v1/orgs?scope=all' }),
  },
  {
    name: 'GET /orgs?user_guid (another user)',
    expected: userAdmin,
    request: async () => ({ method: 'GET', url: `/v1/orgs?user_guid=${target.userGuid}` }),
  },
  {
    name: 'GET /orgs/{org}',
    expected: orgRead,
    request: async () => ({ method: 'GET', url: `/v1/orgs/${orgGuid}` }),
  },
  {
    name: 'PATCH /orgs/{org}',
    expected: orgEdit(200),
    request: async () => ({
      method: 'PATCH',
      url: `/v1/orgs/${orgGuid}`,
      payload: { org_name: `Renamed ${unique()}` },
    }),
  },
  {
    name: 'DELETE /orgs/{org}',
    expected: orgEdit(200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/orgs/${await freshOrg()}`,
      payload: { reason: 'matrix' },
    }),
  },
  {
    name: 'GET /orgs/{org}/users',
    expected: orgRead,
    request: async () => ({ method: 'GET', url: `/v1/orgs/${orgGuid}/users` }),
  },
  {
    name: 'PUT /orgs/{org}/users',
    expected: orgEdit(200),
    request: async () => ({
      method: 'PUT',
      url: `/v1/orgs/${orgGuid}/users`,
      payload: { users: [{ user_guid: callers.get('read only (100)')!.userGuid, access: 100 }] },
    }),
  },
  {
    name: 'DELETE /orgs/{org}/users',
    expected: orgEdit(200),
    request: async () => {
      const leaving = await createUser(t);
      await addMember(t, orgGuid, leaving, 100);
      return { method: 'DELETE', url: `/v1/orgs/${orgGuid}/users`, payload: { users: [leaving.userGuid] } };
    },
  },
  {
    name: 'GET /invites?org_guid',
    expected: orgRead,
    request: async () => ({ method: 'GET', url: `/v1/invites?org_guid=${orgGuid}` }),
  },
  {
    name: 'POST /invites',
    expected: orgEdit(201),
    request: async () => ({
      method: 'POST',
      url: '/v1/invites',
      payload: { org_guid: orgGuid, target_email: `someone-${unique()}@example.com`, access: 100 },
    }),
  },
  {
    name: 'DELETE /invites/{invite}',
    expected: orgEdit(200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/invites/${await invite(orgGuid)}`,
      payload: { org_guid: orgGuid },
    }),
  },
  {
    name: 'GET /alerts?org_guid',
    expected: memberRead,
    request: async () => ({ method: 'GET', url: `/v1/alerts?org_guid=${orgGuid}` }),
  },
  {
    name: 'GET /device_alerts?org_guid',
    expected: memberRead,
    request: async () => ({ method: 'GET', url: `/v1/device_alerts?org_guid=${orgGuid}` }),
  },
  { name: 'GET /users', expected: userAdmin, request: async () => ({ method: 'GET', url: '/v1/users' }) },
  {
    name: 'GET /users/{user}',
    expected: userAdmin,
    request: async () => ({ method: 'GET', url: `/v1/users/${target.userGuid}` }),
  },
  {
    name: 'PATCH /users/{user}',
    expected: userAdmin,
    request: async () => ({
      method: 'PATCH',
      url: `/v1/users/${target.userGuid}`,
      payload: { name: `Target ${unique()}`, email: target.email },
    }),
  },
  {
    name: 'DELETE /users/{user}',
    expected: userAdmin,
    request: async () => ({
      method: 'DELETE',
      url: `/v1/users/${(await createUser(t)).userGuid}`,
      payload: { reason: 'matrix' },
    }),
  },
  {
    name: 'GET /users/groups',
    expected: platformAdmin,
    request: async () => ({ method: 'GET', url: '/v1/users/groups' }),
  },
  {
    name: 'GET /users/{user}/groups',
    expected: userAdmin,
    request: async () => ({ method: 'GET', url: `/v1/users/${target.userGuid}/groups` }),
  },
  {
    name: 'PUT /users/{user}/groups',
    expected: userAdmin,
    request: async () => ({
      method: 'PUT',
      url: `/v1/users/${target.userGuid}/groups`,
      payload: { groups: [] },
    }),
  },
  {
    name: 'GET /entitlements/capabilities/{product}',
    expected: signedIn,
    request: async () => ({ method: 'GET', url: '/v1/entitlements/capabilities/edgecaster' }),
  },
  {
    name: 'GET /entitlements/devices/{device}',
    expected: memberRead,
    request: async () => {
      const [device] = await provisionInto(t, orgGuid, 1);
      return { method: 'GET', url: `/v1/entitlements/devices/${device!.device_guid}`, org: orgGuid };
    },
  },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  target = await createUser(t);
  for (const caller of CALLERS) {
    if (caller === 'no token') continue;
    const groups = caller.endsWith('Management') ? [caller] : [];
    callers.set(caller, await createUser(t, { groups }));
  }
  orgGuid = await freshOrg();
});
afterAll(() => t.close());

describe('permission matrix (spec 1 §6)', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      const answers: Record<string, number> = {};
      for (const caller of CALLERS) {
        const cell = await endpoint.request();
        const user = callers.get(caller);
        const response = await t.app.inject({
          method: cell.method,
          url: cell.url,
          payload: cell.payload,
          headers: user ? user.headers(cell.org) : {},
        });
        answers[caller] = response.statusCode;
      }
      expect(answers).toEqual(endpoint.expected);
    });
  }
});
