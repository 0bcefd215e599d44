import { randomBytes } from 'node:crypto';
import { ORG_HEADER } from '@ec/contract/common';
import type { DeviceProduct } from '@ec/contract/products';
import type { ShadowName } from '@ec/contract/shadows';
import { expect } from 'vitest';
import { deviceUsers } from '../src/db/tables/device-users.schema.ts';
import { fleetUsers } from '../src/db/tables/fleets.schema.ts';
import { orgUsers } from '../src/db/tables/orgs.schema.ts';
import { devicesRepository } from '../src/device-core/devices/devices.repository.ts';
import { provisionDevices } from '../src/device-core/devices/provisioning.service.ts';
import { unmanagedBrokerAccounts } from '../src/device-link/broker-accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const unique = () => randomBytes(4).toString('hex');

export interface TestUser {
  userGuid: string;
  email: string;
  password: string;
  token: string;
  /** Headers for a call as this user, scoped to `orgGuid` when given. */
  headers(orgGuid?: string): Record<string, string>;
}

/**
 * The end of a sign-up through the API, as the console goes through it: confirms the address with the
 * e-mailed code, then signs in. Answers the session (tokens and expiry).
 */
export async function confirmAndSignIn(
  t: Pick<TestApp, 'app'>,
  email: string,
  code: string,
  password: string,
) {
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/confirm-sign-up',
    payload: { email, code },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    payload: { email, password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return signIn.json() as { access_token: string; refresh_token: string; expires_at: string };
}

/** A confirmed, signed-in user; platform `groups` optional. */
export async function createUser(
  t: TestApp,
  input: { email?: string; groups?: string[] } = {},
): Promise<TestUser> {
  const email = input.email ?? `user-${unique()}@example.com`;
  const password = `pw-${unique()}-secret`;
  const user = await t.app.services.auth.createConfirmedUser({
    email,
    name: `User ${email}`,
    password,
    groups: input.groups,
  });
  // Each factory user signs in from an address of its own, so the per-address limit stays out of the way.
  const session = await t.app.services.auth.signIn(email, password, { ip: `factory-${unique()}` });
  if (!('access_token' in session)) throw new Error('factory users have no second factor');
  const token = session.access_token;
  return {
    userGuid: user.userGuid,
    email,
    password,
    token,
    headers: (orgGuid) => ({
      authorization: `Bearer ${token}`,
      ...(orgGuid ? { [ORG_HEADER]: orgGuid } : {}),
    }),
  };
}

export async function createOrg(t: TestApp, owner: TestUser, orgName = `Org ${unique()}`): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/orgs',
    headers: owner.headers(),
    payload: { org_name: orgName },
  });
  if (response.statusCode !== 201) throw new Error(`creating an org failed: ${response.body}`);
  return response.json().org_guid;
}

/**
 * Provisions devices through the device service, so that they get their broker accounts when the
 * broker has device authentication (MQTT_DEVICE_AUTH=plugin). With only a database (tests of the
 * embedded broker alone) the devices get no broker account.
 */
export async function provision(
  t: Pick<TestApp, 'devices'> | Pick<TestApp, 'db'>,
  count = 1,
  productName?: DeviceProduct,
) {
  if ('devices' in t) return t.devices.provision({ count, productName });
  return provisionDevices({ db: t.db, accounts: unmanagedBrokerAccounts }, { count, productName });
}

/** Adds a membership directly (until invitations exist to create one through the API). */
export async function addMember(t: TestApp, orgGuid: string, user: TestUser, access: number) {
  await t.db.insert(orgUsers).values({ orgGuid, userGuid: user.userGuid, access });
}

/**
 * Makes `user` a user of an adopted device with `access` directly (the API's way is an accepted
 * invitation, which the device users tests go through).
 */
export async function addDeviceUser(t: TestApp, deviceGuid: string, user: TestUser, access: number) {
  const orgGuid = await devicesRepository(t.db).orgOf(deviceGuid);
  if (!orgGuid) throw new Error('only an adopted device has users');
  await t.db.insert(deviceUsers).values({ deviceGuid, orgGuid, userGuid: user.userGuid, access });
}

/** Creates a fleet in `orgGuid` through the API as `owner` (an organization editor); answers its guid. */
export async function createFleet(
  t: TestApp,
  owner: TestUser,
  orgGuid: string,
  input: { fleetName?: string; deviceGuids?: string[] } = {},
): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/fleets',
    headers: owner.headers(orgGuid),
    payload: { fleet_name: input.fleetName ?? `Fleet ${unique()}` },
  });
  if (created.statusCode !== 201) throw new Error(`creating a fleet failed: ${created.body}`);
  const fleetGuid: string = created.json().fleet_guid;
  if (input.deviceGuids?.length) {
    const added = await t.app.inject({
      method: 'POST',
      url: `/v1/fleets/${fleetGuid}/devices`,
      headers: owner.headers(),
      payload: { devices: input.deviceGuids },
    });
    if (added.statusCode !== 200) throw new Error(`adding fleet devices failed: ${added.body}`);
  }
  return fleetGuid;
}

/**
 * Makes `user` a user of the fleet with `access` directly (the API's way will be an accepted fleet
 * invitation).
 */
export async function addFleetUser(t: TestApp, fleetGuid: string, user: TestUser, access: number) {
  await t.db.insert(fleetUsers).values({ fleetGuid, userGuid: user.userGuid, access });
}

/** Provisions devices and adopts them straight into `orgGuid`. */
export async function provisionInto(t: TestApp, orgGuid: string, count = 1, productName?: DeviceProduct) {
  const devices = await provision(t, count, productName);
  for (const device of devices) await devicesRepository(t.db).adopt(device.device_guid, orgGuid);
  return devices;
}

/**
 * An organization and its owner (a new user, with platform `groups` when given), with `devices` devices
 * adopted into it.
 */
export async function createOrgWithOwner(
  t: TestApp,
  options: { groups?: string[]; orgName?: string; devices?: number; productName?: DeviceProduct } = {},
) {
  const owner = await createUser(t, { groups: options.groups });
  const orgGuid = await createOrg(t, owner, options.orgName);
  const devices = options.devices
    ? await provisionInto(t, orgGuid, options.devices, options.productName)
    : [];
  return { owner, orgGuid, devices };
}

/** A test app with an organization and its owner: the set-up most device tests share. */
export async function createTestAppWithOrg(
  options: Parameters<typeof createTestApp>[0] & { ownerGroups?: string[] } = {},
) {
  const { ownerGroups, ...appOptions } = options;
  const t = await createTestApp(appOptions);
  const { owner, orgGuid } = await createOrgWithOwner(t, { groups: ownerGroups });
  return { t, owner, orgGuid };
}

/**
 * The organization's High CPU template (above 80 %) e-mailing `emails`: a metric alert that one sample
 * raises at once, for tests of what follows a raise (e-mails, several processes).
 */
export async function createHighCpuTemplate(t: TestApp, owner: TestUser, orgGuid: string, emails: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/orgs/${orgGuid}/alert_templates`,
    headers: owner.headers(),
    payload: {
      type: 'metric',
      name: 'cpu_percent_used',
      label: 'High CPU',
      config: { threshold_value: 80, email_list: emails },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** A new user who is a member of `orgGuid` with `access`. */
export async function createMember(t: TestApp, orgGuid: string, access: number) {
  const user = await createUser(t);
  await addMember(t, orgGuid, user, access);
  return user;
}

/** A new user who is a user of the adopted device `deviceGuid` with `access`. */
export async function createDeviceUser(t: TestApp, deviceGuid: string, access: number) {
  const user = await createUser(t);
  await addDeviceUser(t, deviceGuid, user, access);
  return user;
}

/** Adopts a provisioned device by its serial number through the API, as `headers`' caller; answers the response. */
export function adoptBySerial(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  serialNumber: string,
) {
  return t.app.inject({ method: 'POST', url: `/v1/devices/adopt?serial_number=${serialNumber}`, headers });
}

/** Sends a shadow `set` command for one shadow of a device, as `headers`' caller; answers the response. */
export function sendShadowSet(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  deviceGuid: string,
  set: { shadowName: ShadowName; targetVersion: number; state: unknown },
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/devices/${deviceGuid}/shadows/commands`,
    headers,
    payload: {
      command_type: 'set',
      commands: [{ shadow_name: set.shadowName, target_version: set.targetVersion, state: set.state }],
    },
  });
}

/** Sends a shadow `get` command (a forced sync of one shadow), as `headers`' caller; answers the response. */
export function sendShadowGet(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  deviceGuid: string,
  shadowName: ShadowName,
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/devices/${deviceGuid}/shadows/commands`,
    headers,
    payload: { command_type: 'get', commands: [{ shadow_name: shadowName }] },
  });
}

/** Waits until `check` answers a truthy value, polling every 20 ms. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
