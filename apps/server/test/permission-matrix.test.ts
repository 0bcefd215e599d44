import { randomBytes, randomUUID } from 'node:crypto';
import type { DeviceProduct } from '@ec/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementProfiles } from '../src/db/tables/entitlements.schema.ts';
import { fleetDevices } from '../src/db/tables/fleets.schema.ts';
import { deviceCommandsRepository } from '../src/device-core/device-commands/device-commands.repository.ts';
import {
  addDeviceUser,
  addFleetUser,
  addMember,
  createDeviceUser,
  createFleet,
  createMember,
  createOrg,
  createUser,
  provisionInto,
  type TestUser,
} from './factories.ts';
import { DOCKER_LICENSED_PRODUCT, licenseDockerOnBaseProfile } from './licensing.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The docker cells need a device licensed for Docker: licences are not stored yet (see the module).
/**
 * Spec 1 §6 and spec 2 §6 as a matrix: every organization and user endpoint, the organization's alert
 * lists, every device endpoint and every fleet endpoint, tried by every kind of caller against the real
 * server: members of each level, users of the device (100, 200, 300) and users of a fleet holding it
 * (100, 200, 300) who are not members of its organization, platform groups and strangers. A missing permission check fails a cell.
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
  'device read only (100)',
  'device user (200)',
  'device admin (300)',
  'fleet read only (100)',
  'fleet user (200)',
  'fleet admin (300)',
] as const;
type Caller = (typeof CALLERS)[number];

/** The device callers' own access to each device the device cells use; they belong to no organization. */
const DEVICE_USERS: Partial<Record<Caller, number>> = {
  'device read only (100)': 100,
  'device user (200)': 200,
  'device admin (300)': 300,
};

/**
 * The fleet callers' access as users of the fleet the cells use, which holds the devices the device
 * cells use; they belong to no organization either.
 */
const FLEET_USERS: Partial<Record<Caller, number>> = {
  'fleet read only (100)': 100,
  'fleet user (200)': 200,
  'fleet admin (300)': 300,
};

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

/**
 * Spec 2 §6 per device: any access level sees the device, above 100 controls, above 200 edits, from the
 * organization, as a user of the device or as a user of a fleet holding it; DeviceManagement is device
 * admin. The rest get the 404 of an unknown device.
 */
const ORG_LEVEL: Partial<Record<Caller, number>> = {
  'read only (100)': 100,
  'user (200)': 200,
  'admin (300)': 300,
};
const deviceRule = (need: 'view' | 'control' | 'edit', ok: number, refused = 403) =>
  rule((c) => {
    if (c === 'no token') return 401;
    if (c === 'DeviceManagement') return ok;
    const level = ORG_LEVEL[c] ?? DEVICE_USERS[c] ?? FLEET_USERS[c];
    if (level === undefined) return 404;
    const granted = need === 'view' || (need === 'control' ? level > 100 : level > 200);
    return granted ? ok : refused;
  });
const deviceView = deviceRule('view', 200);

/**
 * Spec 2 §6 per fleet: members of its organization and its users see it, by the same thresholds;
 * platform groups and device users reach no fleet (the 404 of an unknown one).
 */
const fleetRule = (need: 'view' | 'edit', ok: number) =>
  rule((c) => {
    if (c === 'no token') return 401;
    const level = ORG_LEVEL[c] ?? FLEET_USERS[c];
    if (level === undefined) return 404;
    return need === 'view' || level > 200 ? ok : 403;
  });
/** Creating a fleet needs organization edit (spec 2 §6): its admins; other members 403. */
const fleetCreate = rule((c) => {
  if (c === 'no token') return 401;
  if (c === 'admin (300)') return 201;
  return LEVELS.includes(c) ? 403 : 404;
});
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

/** Entitlement profile administration (spec 3 §2.8, §6): EntitlementManagement only. */
const entitlementAdmin = (ok: number) =>
  rule((c) => (c === 'no token' ? 401 : c === 'EntitlementManagement' ? ok : 403));

/**
 * Rollouts (issue 26): starting one needs edit rights on every target device (a fleet target: the
 * fleet's editors); its creator (the owner here) and organization editors pause, resume and cancel it;
 * members read the organization's rollouts.
 */
const rolloutManage = rule((c) => {
  if (c === 'no token') return 401;
  if (c === 'admin (300)') return 200;
  return LEVELS.includes(c) ? 403 : 404;
});

/** The container directory (spec 3 §6): ContainerManagement keeps it; every signed-in user reads it. */
const containerAdmin = (ok: number) =>
  rule((c) => (c === 'no token' ? 401 : c === 'ContainerManagement' ? ok : 403));
/** Licence administration (spec 3 §2.8, §6): the EntitlementManagement group only. */
const entitlementManager = (ok: number) =>
  rule((c) => (c === 'no token' ? 401 : c === 'EntitlementManagement' ? ok : 403));
/**
 * An organization licence's allocations (spec 2 §2.12): entitlement administrators, and the
 * organization's members to read, its editors to change; to anyone else the licence is unknown.
 */
const licenseAllocations = (need: 'read' | 'change') =>
  rule((c) => {
    if (c === 'no token') return 401;
    if (c === 'EntitlementManagement') return 200;
    const level = ORG_LEVEL[c];
    if (level === undefined) return 404;
    return need === 'read' || level > 200 ? 200 : 403;
  });
/** The organization licence manager's list: its members, and entitlement administrators. */
const licenseList = rule((c) =>
  c === 'no token' ? 401 : LEVELS.includes(c) || c === 'EntitlementManagement' ? 200 : 404,
);

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
/** A device of the organization with the device callers as its users, in the fleet of the fleet callers. */
async function grantedDevice(product?: DeviceProduct) {
  const [device] = await provisionInto(t, orgGuid, 1, product);
  for (const [caller, access] of Object.entries(DEVICE_USERS))
    await addDeviceUser(t, device!.device_guid, callers.get(caller as Caller)!, access);
  await t.db.insert(fleetDevices).values({ fleetGuid: fleet, deviceGuid: device!.device_guid, orgGuid });
  return device!.device_guid;
}

/** An entitlement profile no licence uses, which the profile calls change or delete. */
async function freshProfile() {
  const profileGuid = randomUUID();
  await t.db.insert(entitlementProfiles).values({
    profileGuid,
    profileName: `Profile ${unique()}`,
    profilePlatform: 'edgecaster',
    properties: {},
  });
  return profileGuid;
}

/** A fleet of the organization with the fleet callers as its users. */
async function freshFleet() {
  const fleetGuid = await createFleet(t, owner, orgGuid);
  for (const [caller, access] of Object.entries(FLEET_USERS))
    await addFleetUser(t, fleetGuid, callers.get(caller as Caller)!, access);
  return fleetGuid;
}

/** One more user of the matrix fleet, whom the fleet users calls change or remove. */
async function fleetGuest() {
  const guest = await createUser(t);
  await addFleetUser(t, fleet, guest, 100);
  return guest;
}

/** A granted device with one more device user, whom the users calls change or remove. */
async function deviceWithGuest() {
  const deviceGuid = await grantedDevice();
  const guest = await createDeviceUser(t, deviceGuid, 100);
  return { deviceGuid, guest };
}

async function fleetInvite(fleetGuid: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/invites',
    headers: owner.headers(),
    payload: { fleet_guid: fleetGuid, target_email: `invited-${unique()}@example.com` },
  });
  return response.json().invite_guid as string;
}

async function deviceInvite(deviceGuid: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/invites',
    headers: owner.headers(),
    payload: { device_guid: deviceGuid, target_email: `invited-${unique()}@example.com` },
  });
  return response.json().invite_guid as string;
}

/** The fleet, the device the cells that change nothing share, and a command of it. */
let fleet: string;
let device: string;
/** A device licensed for Docker that reported one container of its own and its image. */
let dockerDevice: string;
const DOCKER_IMAGE = { id: 'sha256:0123', tags: ['nginx:latest'] };
const DOCKER_CONTAINER = { id: 'c0ffee', name: 'web', image: 'nginx:latest', status: 'created' };
let command: string;
let license: string;

/**
 * A bulk action on the shared device, which has its product's base entitlements ('Bulk Actions
 * Disabled'): device admins pass the feature gate and reach the device's own answer (offline, or no
 * reported outputs: 409); every other caller who sees the device is refused as not licensed (spec 2 §5).
 */
const bulkAction = (action: string, extra: object = {}) => ({
  name: `POST /devices/bulk_actions (${action})`,
  expected: rule((c) => {
    if (c === 'no token') return 401;
    if (c === 'DeviceManagement') return 409;
    return c in ORG_LEVEL || c in DEVICE_USERS || c in FLEET_USERS ? 403 : 404;
  }),
  perDevice: true,
  request: async (): Promise<Cell> => ({
    method: 'POST',
    url: '/v1/devices/bulk_actions',
    payload: { action, device_guids: [device], ...extra },
  }),
});

const ENDPOINTS: Array<{
  name: string;
  expected: Record<string, number>;
  /** A bulk call: the cell is its one device's status in the answer, not the call's. */
  perDevice?: boolean;
  /** Builds the request; `caller` is who makes it (undefined without a token). */
  request: (caller?: TestUser) => Promise<Cell>;
}> = [
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
      const leaving = await createMember(t, orgGuid, 100);
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
    name: 'GET /entitlements/capabilities/cloud_ui',
    expected: signedIn,
    request: async () => ({ method: 'GET', url: '/v1/entitlements/capabilities/cloud_ui' }),
  },
  {
    name: 'GET /entitlements/profiles',
    expected: entitlementAdmin(200),
    request: async () => ({ method: 'GET', url: '/v1/entitlements/profiles' }),
  },
  {
    name: 'GET /entitlements/profiles/{profile}',
    expected: entitlementAdmin(200),
    request: async () => ({ method: 'GET', url: '/v1/entitlements/profiles/BASE_EDGECASTER' }),
  },
  {
    name: 'POST /entitlements/profiles',
    expected: entitlementAdmin(201),
    request: async () => ({
      method: 'POST',
      url: '/v1/entitlements/profiles',
      payload: { profile_name: `Profile ${unique()}`, properties: { 'services.docker.enabled': true } },
    }),
  },
  {
    name: 'PATCH /entitlements/profiles/{profile}',
    expected: entitlementAdmin(200),
    request: async () => ({
      method: 'PATCH',
      url: `/v1/entitlements/profiles/${await freshProfile()}`,
      payload: { properties: { 'daemon.output.zixi.limit': 1 } },
    }),
  },
  {
    name: 'DELETE /entitlements/profiles/{profile}',
    expected: entitlementAdmin(200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/entitlements/profiles/${await freshProfile()}`,
      payload: { reason: 'No longer sold' },
    }),
  },
  {
    name: 'GET /devices (x-org-guid)',
    expected: rule((c) => {
      if (c === 'no token') return 401;
      return c === 'DeviceManagement' || c in ORG_LEVEL || c in DEVICE_USERS || c in FLEET_USERS ? 200 : 404;
    }),
    request: async () => ({ method: 'GET', url: '/v1/devices', org: orgGuid }),
  },
  {
    name: 'GET /devices?user_guid (own)',
    expected: signedIn,
    request: async (caller) => ({
      method: 'GET',
      url: `/v1/devices?user_guid=${(caller ?? owner).userGuid}`,
    }),
  },
  {
    name: 'GET /devices?user_guid (another user)',
    expected: rule((c) => (c === 'no token' ? 401 : 403)),
    request: async () => ({ method: 'GET', url: `/v1/devices?user_guid=${target.userGuid}`, org: orgGuid }),
  },
  {
    name: 'GET /devices/status',
    expected: memberRead,
    request: async () => ({ method: 'GET', url: '/v1/devices/status', org: orgGuid }),
  },
  {
    name: 'GET /devices/{device}',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}` }),
  },
  {
    name: 'GET /device_alerts/{device}',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/device_alerts/${device}` }),
  },
  {
    name: 'DELETE /devices/{device}',
    expected: deviceRule('edit', 200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/devices/${await grantedDevice()}`,
      payload: { reason: 'matrix' },
    }),
  },
  {
    name: 'GET /devices/{device}/state',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}/state` }),
  },
  {
    name: 'GET /devices/{device}/documents',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}/documents` }),
  },
  {
    name: 'GET /devices/{device}/shadows',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}/shadows` }),
  },
  {
    name: 'POST /devices/{device}/shadows/commands (get)',
    expected: deviceRule('edit', 202),
    request: async () => ({
      method: 'POST',
      url: `/v1/devices/${device}/shadows/commands`,
      payload: { command_type: 'get', commands: [{ shadow_name: 'System' }] },
    }),
  },
  {
    // Allowed callers reach the device's own answer: it is offline (409 DEVICE_OFFLINE).
    name: 'POST /devices/{device}/commands (restart_cloud)',
    expected: deviceRule('control', 409),
    request: async () => ({
      method: 'POST',
      url: `/v1/devices/${device}/commands`,
      payload: { command: 'restart_cloud' },
    }),
  },
  {
    name: 'POST /devices/{device}/updates/cloud',
    expected: deviceRule('edit', 409),
    request: async () => ({
      method: 'POST',
      url: `/v1/devices/${device}/updates/cloud`,
      payload: { update: true },
    }),
  },
  bulkAction('reboot_device'),
  bulkAction('download_update'),
  bulkAction('output_control', { enable: false }),
  {
    name: 'GET /devices/{device}/docker/containers',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${dockerDevice}/docker/containers` }),
  },
  {
    name: 'GET /devices/{device}/docker/images',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${dockerDevice}/docker/images` }),
  },
  // Allowed callers reach the device's cloud agent check: its version is unknown (409).
  ...(
    [
      [
        'PUT',
        'docker/containers/{container}',
        `docker/containers/${DOCKER_CONTAINER.id}`,
        { action: 'start' },
      ],
      ['POST', 'docker/containers', 'docker/containers', { name: 'web', image_id: DOCKER_IMAGE.id }],
      [
        'DELETE',
        'docker/containers/{container}',
        `docker/containers/${DOCKER_CONTAINER.id}`,
        { reason: 'x' },
      ],
      ['POST', 'docker/images', 'docker/images', { repository: 'nginx' }],
      ['DELETE', 'docker/images/{image}', `docker/images/${DOCKER_IMAGE.id}`, { reason: 'x' }],
    ] as const
  ).map(([method, name, path, payload]) => ({
    name: `${method} /devices/{device}/${name}`,
    expected: deviceRule('edit', 409),
    request: async () => ({ method, url: `/v1/devices/${dockerDevice}/${path}`, payload }),
  })),
  {
    name: 'POST /devices/{device}/commands (send_docker_logs)',
    expected: deviceRule('control', 409),
    request: async () => ({
      method: 'POST',
      url: `/v1/devices/${dockerDevice}/commands`,
      payload: {
        command: 'send_docker_logs',
        data: { session_id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', container_id: DOCKER_CONTAINER.id },
      },
    }),
  },
  {
    name: 'GET /devices/{device}/commands/{command}',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}/commands/${command}` }),
  },
  {
    name: 'GET /devices/{device}/logs',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}/logs` }),
  },
  {
    // Allowed callers reach the device's cloud agent check: its version is unknown (409).
    name: 'POST /devices/{device}/logs',
    expected: deviceRule('control', 409),
    request: async () => ({ method: 'POST', url: `/v1/devices/${device}/logs` }),
  },
  {
    name: 'GET /entitlements/devices/{device}',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/entitlements/devices/${device}` }),
  },
  {
    name: 'GET /entitlements/devices/{device}/licenses',
    expected: deviceView,
    request: async () => ({ method: 'GET', url: `/v1/entitlements/devices/${device}/licenses` }),
  },
  {
    name: 'GET /devices/{device}/users',
    expected: deviceRule('edit', 200),
    request: async () => ({ method: 'GET', url: `/v1/devices/${device}/users` }),
  },
  {
    name: 'PUT /devices/{device}/users',
    expected: deviceRule('edit', 200),
    request: async () => {
      const { deviceGuid, guest } = await deviceWithGuest();
      return {
        method: 'PUT',
        url: `/v1/devices/${deviceGuid}/users`,
        payload: { users: [{ user_guid: guest.userGuid, access: 200 }] },
      };
    },
  },
  {
    name: 'DELETE /devices/{device}/users',
    expected: deviceRule('edit', 200),
    request: async () => {
      const { deviceGuid, guest } = await deviceWithGuest();
      return {
        method: 'DELETE',
        url: `/v1/devices/${deviceGuid}/users`,
        payload: { users: [guest.userGuid] },
      };
    },
  },
  {
    name: 'GET /invites?device_guid',
    expected: deviceRule('edit', 200),
    request: async () => ({ method: 'GET', url: `/v1/invites?device_guid=${device}` }),
  },
  {
    name: 'POST /invites (device_guid)',
    expected: deviceRule('edit', 201),
    request: async () => ({
      method: 'POST',
      url: '/v1/invites',
      payload: { device_guid: device, target_email: `someone-${unique()}@example.com`, access: 100 },
    }),
  },
  {
    name: 'DELETE /invites/{invite} (device_guid)',
    expected: deviceRule('edit', 200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/invites/${await deviceInvite(device)}`,
      payload: { device_guid: device },
    }),
  },
  {
    name: 'GET /fleets (x-org-guid)',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: '/v1/fleets', org: orgGuid }),
  },
  {
    name: 'POST /fleets',
    expected: fleetCreate,
    request: async () => ({
      method: 'POST',
      url: '/v1/fleets',
      payload: { fleet_name: `Fleet ${unique()}` },
      org: orgGuid,
    }),
  },
  {
    name: 'GET /fleets/{fleet}',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}` }),
  },
  {
    name: 'PATCH /fleets/{fleet}',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'PATCH',
      url: `/v1/fleets/${fleet}`,
      payload: { fleet_name: `Fleet ${unique()}` },
    }),
  },
  {
    name: 'DELETE /fleets/{fleet}',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/fleets/${await freshFleet()}`,
      payload: { reason: 'matrix' },
    }),
  },
  {
    name: 'GET /fleets/{fleet}/devices',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/devices` }),
  },
  {
    name: 'POST /fleets/{fleet}/devices',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'POST',
      url: `/v1/fleets/${await freshFleet()}/devices`,
      payload: { devices: [device] },
    }),
  },
  {
    name: 'DELETE /fleets/{fleet}/devices',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/fleets/${fleet}/devices`,
      payload: { devices: [await grantedDevice()] },
    }),
  },
  {
    name: 'GET /fleets/{fleet}/devices/status',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/devices/status` }),
  },
  {
    name: 'GET /fleets/{fleet}/users',
    expected: fleetRule('edit', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/users` }),
  },
  {
    name: 'PUT /fleets/{fleet}/users',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'PUT',
      url: `/v1/fleets/${fleet}/users`,
      payload: { users: [{ user_guid: (await fleetGuest()).userGuid, access: 200 }] },
    }),
  },
  {
    name: 'DELETE /fleets/{fleet}/users',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/fleets/${fleet}/users`,
      payload: { users: [(await fleetGuest()).userGuid] },
    }),
  },
  {
    name: 'GET /fleets/{fleet}/alerts',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/alerts` }),
  },
  {
    name: 'PUT /fleets/{fleet}/alerts',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'PUT',
      url: `/v1/fleets/${fleet}/alerts`,
      payload: {
        alerts: [
          {
            alert_guid: crypto.randomUUID(),
            type: 'metric',
            name: 'cpu_percent_used',
            label: 'High CPU',
            config: { enabled: false, threshold_value: 90 },
          },
        ],
      },
    }),
  },
  {
    name: 'GET /fleets/{fleet}/shadow_templates',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/shadow_templates` }),
  },
  {
    name: 'POST /fleets/{fleet}/shadow_templates',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'POST',
      url: `/v1/fleets/${fleet}/shadow_templates`,
      payload: { templates: [{ template_name: `T ${unique()}`, state: { config: { device_name: 'x' } } }] },
    }),
  },
  {
    name: 'DELETE /fleets/{fleet}/shadow_templates/{template}',
    expected: fleetRule('edit', 200),
    request: async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/v1/fleets/${fleet}/shadow_templates`,
        headers: owner.headers(),
        payload: { templates: [{ template_name: `T ${unique()}`, state: { config: { device_name: 'x' } } }] },
      });
      const templateGuid: string = created.json().templates[0].template_guid;
      return { method: 'DELETE', url: `/v1/fleets/${fleet}/shadow_templates/${templateGuid}` };
    },
  },
  {
    name: 'GET /fleets/{fleet}/drift',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/drift` }),
  },
  {
    name: 'GET /fleets/{fleet}/events',
    expected: fleetRule('view', 200),
    request: async () => ({ method: 'GET', url: `/v1/fleets/${fleet}/events` }),
  },
  {
    name: 'GET /invites?fleet_guid',
    expected: fleetRule('edit', 200),
    request: async () => ({ method: 'GET', url: `/v1/invites?fleet_guid=${fleet}` }),
  },
  {
    name: 'POST /invites (fleet_guid)',
    expected: fleetRule('edit', 201),
    request: async () => ({
      method: 'POST',
      url: '/v1/invites',
      payload: { fleet_guid: fleet, target_email: `someone-${unique()}@example.com`, access: 100 },
    }),
  },
  {
    name: 'DELETE /invites/{invite} (fleet_guid)',
    expected: fleetRule('edit', 200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/invites/${await fleetInvite(fleet)}`,
      payload: { fleet_guid: fleet },
    }),
  },
  {
    name: 'POST /rollouts (devices)',
    expected: deviceRule('edit', 201),
    request: async () => ({
      method: 'POST',
      url: '/v1/rollouts',
      payload: rolloutBody({ kind: 'devices', device_guids: [device] }),
      org: orgGuid,
    }),
  },
  {
    name: 'POST /rollouts (fleet)',
    expected: fleetRule('edit', 201),
    request: async () => ({
      method: 'POST',
      url: '/v1/rollouts',
      payload: rolloutBody({ kind: 'fleet', fleet_guid: fleet }),
      org: orgGuid,
    }),
  },
  {
    name: 'GET /rollouts (x-org-guid)',
    expected: memberRead,
    request: async () => ({ method: 'GET', url: '/v1/rollouts', org: orgGuid }),
  },
  {
    name: 'GET /rollouts/{rollout}',
    expected: memberRead,
    request: async () => ({ method: 'GET', url: `/v1/rollouts/${await ownersRollout()}` }),
  },
  {
    name: 'POST /rollouts/{rollout}/pause',
    expected: rolloutManage,
    request: async () => ({ method: 'POST', url: `/v1/rollouts/${await ownersRollout()}/pause` }),
  },
  {
    name: 'POST /rollouts/{rollout}/resume',
    expected: rolloutManage,
    request: async () => ({ method: 'POST', url: `/v1/rollouts/${await ownersRollout(true)}/resume` }),
  },
  {
    name: 'POST /rollouts/{rollout}/cancel',
    expected: rolloutManage,
    request: async () => ({ method: 'POST', url: `/v1/rollouts/${await ownersRollout()}/cancel` }),
  },
  {
    name: 'GET /containers',
    expected: signedIn,
    request: async () => ({ method: 'GET', url: '/v1/containers' }),
  },
  {
    name: 'GET /containers?unpublished=true',
    expected: containerAdmin(200),
    request: async () => ({ method: 'GET', url: '/v1/containers?unpublished=true' }),
  },
  {
    name: 'GET /containers/{container}',
    expected: signedIn,
    request: async () => ({ method: 'GET', url: `/v1/containers/${await directoryEntry()}` }),
  },
  {
    name: 'POST /containers',
    expected: containerAdmin(201),
    request: async () => ({
      method: 'POST',
      url: '/v1/containers',
      payload: { name: `Container ${unique()}`, image_url: 'ghcr.io/acme/player:1' },
    }),
  },
  {
    name: 'PATCH /containers/{container}',
    expected: containerAdmin(200),
    request: async () => ({
      method: 'PATCH',
      url: `/v1/containers/${await directoryEntry()}`,
      payload: { description: 'Changed' },
    }),
  },
  {
    name: 'DELETE /containers/{container}',
    expected: containerAdmin(200),
    request: async () => ({ method: 'DELETE', url: `/v1/containers/${await directoryEntry()}` }),
  },
  {
    // Editors reach the entry's own answer: it lists another platform than the device's (409).
    name: 'POST /devices/{device}/containers',
    expected: deviceRule('edit', 409),
    request: async () => ({
      method: 'POST',
      url: `/v1/devices/${device}/containers`,
      payload: { container_id: await directoryEntry({ platforms: ['edgecaster_max'] }) },
    }),
  },
  {
    // Editors reach the cloud agent check: the device's version is unknown (409).
    name: 'DELETE /devices/{device}/containers/{container}',
    expected: deviceRule('edit', 409),
    request: async () => ({ method: 'DELETE', url: `/v1/devices/${device}/containers/player` }),
  },
  {
    name: 'GET /entitlements/licenses (x-org-guid)',
    expected: licenseList,
    request: async () => ({ method: 'GET', url: '/v1/entitlements/licenses', org: orgGuid }),
  },
  {
    name: 'POST /entitlements/licenses',
    expected: entitlementManager(201),
    request: async () => ({
      method: 'POST',
      url: '/v1/entitlements/licenses',
      payload: { profile_guid: 'BASE_EDGECASTER', org_guid: orgGuid, allocation_limit: 1 },
    }),
  },
  {
    name: 'PATCH /entitlements/licenses/{license}',
    expected: entitlementManager(200),
    request: async () => ({
      method: 'PATCH',
      url: `/v1/entitlements/licenses/${license}`,
      payload: { additional_lifespan_days: 1 },
    }),
  },
  {
    name: 'DELETE /entitlements/licenses/{license}',
    expected: entitlementManager(200),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/entitlements/licenses/${await freshLicense()}`,
      payload: { reason: 'Matrix' },
    }),
  },
  {
    name: 'GET /entitlements/licenses/{license}/allocations',
    expected: licenseAllocations('read'),
    request: async () => ({ method: 'GET', url: `/v1/entitlements/licenses/${license}/allocations` }),
  },
  {
    name: 'POST /entitlements/licenses/{license}/allocations',
    expected: licenseAllocations('change'),
    request: async () => ({
      method: 'POST',
      url: `/v1/entitlements/licenses/${license}/allocations`,
      payload: { devices: [device] },
    }),
  },
  {
    name: 'DELETE /entitlements/licenses/{license}/allocations',
    expected: licenseAllocations('change'),
    request: async () => ({
      method: 'DELETE',
      url: `/v1/entitlements/licenses/${license}/allocations`,
      payload: { devices: [device] },
    }),
  },
];

/** A published directory entry made by the ContainerManagement caller; its guid. */
async function directoryEntry(body: object = {}) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/containers',
    headers: callers.get('ContainerManagement')!.headers(),
    payload: { name: `Container ${unique()}`, image_url: 'ghcr.io/acme/player:1', published: true, ...body },
  });
  return created.json().container.container_guid as string;
}

/** A per-device licence of the matrix organization, created by an entitlement administrator. */
async function freshLicense() {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/entitlements/licenses',
    headers: callers.get('EntitlementManagement')!.headers(),
    payload: { profile_guid: 'BASE_EDGECASTER', org_guid: orgGuid, allocation_limit: 5 },
  });
  return created.json().license_id as string;
}

/** A rollout's body: a System change, offline devices queued (so the rollout keeps running). */
const rolloutBody = (target: object) => ({
  source: { kind: 'change', shadow_name: 'System', state: { config: {} } },
  target,
  wave_size: 1,
  pause_seconds: 0,
  offline_policy: 'queue',
});

/** A running rollout the owner started on the matrix device (offline: queued), paused when asked. */
async function ownersRollout(paused = false) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/rollouts',
    headers: owner.headers(orgGuid),
    payload: rolloutBody({ kind: 'devices', device_guids: [device] }),
  });
  const guid = created.json().rollout_guid as string;
  if (paused)
    await t.app.inject({ method: 'POST', url: `/v1/rollouts/${guid}/pause`, headers: owner.headers() });
  return guid;
}

beforeAll(async () => {
  t = await createTestApp();
  await licenseDockerOnBaseProfile(t);
  owner = await createUser(t);
  target = await createUser(t);
  for (const caller of CALLERS) {
    if (caller === 'no token') continue;
    const groups = caller.endsWith('Management') ? [caller] : [];
    callers.set(caller, await createUser(t, { groups }));
  }
  orgGuid = await freshOrg();
  fleet = await freshFleet();
  device = await grantedDevice();
  dockerDevice = await grantedDevice(DOCKER_LICENSED_PRODUCT);
  await t.app.services.shadows.recordReported({
    deviceGuid: dockerDevice,
    shadowName: 'Containers',
    state: { containers: [DOCKER_CONTAINER], images: [DOCKER_IMAGE] },
    version: 1,
    authoritative: true,
  });
  const created = await deviceCommandsRepository(t.db).create({
    deviceGuid: device,
    command: 'restart_cloud',
    data: null,
    createdBy: owner.userGuid,
  });
  command = created.commandGuid;
  license = await freshLicense();
});
afterAll(() => t.close());

describe('permission matrix (spec 1 §6, spec 2 §6)', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      const answers: Record<string, number> = {};
      for (const caller of CALLERS) {
        const user = callers.get(caller);
        const cell = await endpoint.request(user);
        const response = await t.app.inject({
          method: cell.method,
          url: cell.url,
          payload: cell.payload,
          headers: user ? user.headers(cell.org) : {},
        });
        answers[caller] =
          endpoint.perDevice && response.statusCode === 200
            ? response.json().results[0].status
            : response.statusCode;
      }
      expect(answers).toEqual(endpoint.expected);
    });
  }
});
