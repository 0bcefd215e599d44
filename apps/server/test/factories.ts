import { randomBytes } from 'node:crypto';
import { ORG_HEADER } from '@ec/contract/common';
import type { DeviceProduct } from '@ec/contract/products';
import { expect } from 'vitest';
import { unmanagedBrokerAccounts } from '../src/device-link/broker-accounts.ts';
import { deviceUsers } from '../src/features/device-users/device-users.schema.ts';
import { devicesRepository } from '../src/features/devices/devices.repository.ts';
import { provisionDevices } from '../src/features/devices/provisioning.service.ts';
import { orgUsers } from '../src/features/orgs/orgs.schema.ts';
import type { TestApp } from './test-app.ts';

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
 * broker has device authentication (MQTT_DEVICE_AUTH=dynsec). With only a database (tests of the
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

/** Provisions devices and adopts them straight into `orgGuid`. */
export async function provisionInto(t: TestApp, orgGuid: string, count = 1, productName?: DeviceProduct) {
  const devices = await provision(t, count, productName);
  for (const device of devices) await devicesRepository(t.db).adopt(device.device_guid, orgGuid);
  return devices;
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
