import { randomUUID } from 'node:crypto';
import { LICENSE_ERRORS, type License } from '@ec/contract/entitlements/licenses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrgWithOwner,
  createUser,
  eventually,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import { createProfile } from '../../../test/licensing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { licenseAllocations, licenses } from '../../db/tables/entitlements.schema.ts';
import { devicesRepository } from '../../device-core/devices/devices.repository.ts';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let orgGuid: string;
/** A profile granting two Zixi outputs on an Edgecaster (its base profile grants none). */
let zixiProfile: string;

const ZIXI = 'daemon.output.zixi.limit';

async function createLicense(body: Record<string, unknown>, as = admin) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/entitlements/licenses',
    headers: as.headers(),
    payload: { profile_guid: zixiProfile, ...body },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().license_id as string;
}

async function listLicenses(query: string, as = admin, org?: string) {
  const answer = await t.app.inject({ url: `/v1/entitlements/licenses?${query}`, headers: as.headers(org) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { licenses: License[]; pagination_token: string | null };
}

const zixiLimitOf = async (deviceGuid: string) =>
  (await t.devices.effectiveEntitlements(deviceGuid)).properties[ZIXI];

const allocation = (licenseId: string, method: 'POST' | 'DELETE', devices: string[], as = admin) =>
  t.app.inject({
    method,
    url: `/v1/entitlements/licenses/${licenseId}/allocations`,
    headers: as.headers(),
    payload: { devices },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { groups: ['EntitlementManagement'] });
  ({ owner, orgGuid } = await createOrgWithOwner(t));
  zixiProfile = await createProfile(t, 'edgecaster', { [ZIXI]: 2 });
});
afterAll(() => t.close());

describe('POST /entitlements/licenses (spec 3 §5)', () => {
  it('creates an organization licence, unlimited or with a count, and a serial-number licence', async () => {
    const unlimited = await createLicense({
      org_guid: orgGuid,
      unlimited: true,
      license_name: 'Zixi everywhere',
      sales_order: 'SO-1',
      lifespan_days: 30,
    });
    const [device] = await provisionInto(t, orgGuid, 1);
    const serial = await createLicense({ serial_number: device!.serial_number });
    const counted = await createLicense({ org_guid: orgGuid, allocation_limit: 3 });
    const { licenses: listed } = await listLicenses(`org_guid=${orgGuid}`);
    const byId = new Map(listed.map((license) => [license.license_id, license]));
    expect(byId.get(unlimited)).toMatchObject({
      license_name: 'Zixi everywhere',
      sales_order: 'SO-1',
      org_guid: orgGuid,
      serial_number: null,
      profile_guid: zixiProfile,
      profile_platform: 'edgecaster',
      unlimited: true,
      allocation_limit: null,
      allocated: 0,
      lifespan_days: 30,
      expired: false,
    });
    const { created, expires } = byId.get(unlimited)!;
    expect(Date.parse(expires) - Date.parse(created)).toBe(30 * 86_400_000);
    expect(byId.get(serial)).toMatchObject({
      serial_number: device!.serial_number,
      org_guid: null,
      lifespan_days: 365,
    });
    expect(byId.get(counted)).toMatchObject({ unlimited: false, allocation_limit: 3 });
  });

  it('makes a cloud_ui licence unlimited whatever is asked', async () => {
    const cloud = await createProfile(t, 'cloud_ui', {});
    const licenseId = await createLicense({ profile_guid: cloud, org_guid: orgGuid, allocation_limit: 5 });
    const { licenses: listed } = await listLicenses('profile_platform=cloud_ui');
    expect(listed.find((license) => license.license_id === licenseId)).toMatchObject({
      unlimited: true,
      allocation_limit: null,
    });
  });

  it.each([
    ['no profile', { org_guid: 'ORG', unlimited: true, profile_guid: '' }, 'Profile GUID Missing'],
    [
      'an unknown profile',
      { org_guid: 'ORG', unlimited: true, profile_guid: 'nope' },
      LICENSE_ERRORS.profileNotFound,
    ],
    ['no holder', {}, LICENSE_ERRORS.holderRequired],
    ['both holders', { org_guid: 'ORG', serial_number: 'X-1', unlimited: true }, LICENSE_ERRORS.bothHolders],
    ['an organization licence without a count', { org_guid: 'ORG' }, LICENSE_ERRORS.countOrUnlimited],
    ['an allocation count of 0', { org_guid: 'ORG', allocation_limit: 0 }, LICENSE_ERRORS.zeroAllocation],
  ])('refuses %s with 400 and the rule', async (_, body, message) => {
    const payload = { profile_guid: zixiProfile, ...body };
    if ('org_guid' in payload) payload.org_guid = orgGuid;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/entitlements/licenses',
      headers: admin.headers(),
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(message);
  });

  it('answers 404 for an unknown organization and 403 to anyone without EntitlementManagement', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/entitlements/licenses',
      headers: admin.headers(),
      payload: { profile_guid: zixiProfile, org_guid: randomUUID(), unlimited: true },
    });
    expect(unknown.statusCode).toBe(404);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/entitlements/licenses',
      headers: owner.headers(orgGuid),
      payload: { profile_guid: zixiProfile, org_guid: orgGuid, unlimited: true },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /entitlements/licenses', () => {
  let other: { owner: TestUser; orgGuid: string };
  let ours: string;
  let theirs: string;
  let ourSerial: string;
  beforeAll(async () => {
    other = await createOrgWithOwner(t);
    ours = await createLicense({ org_guid: orgGuid, unlimited: true, license_name: 'Findable Alpha' });
    theirs = await createLicense({ org_guid: other.orgGuid, unlimited: true, license_name: 'Findable Beta' });
    const [device] = await provisionInto(t, orgGuid, 1);
    ourSerial = await createLicense({ serial_number: device!.serial_number, sales_order: 'ORDER-77' });
  });

  it("shows an organization's members its licences and its devices' ones, never another's", async () => {
    const member = await createUser(t);
    await addMember(t, orgGuid, member, 100);
    const { licenses: listed } = await listLicenses('', member, orgGuid);
    const ids = listed.map((license) => license.license_id);
    expect(ids).toEqual(expect.arrayContaining([ours, ourSerial]));
    expect(ids).not.toContain(theirs);
    // The org_guid parameter may only name the caller's organization.
    const elsewhere = await t.app.inject({
      url: `/v1/entitlements/licenses?org_guid=${other.orgGuid}`,
      headers: member.headers(),
    });
    expect(elsewhere.statusCode).toBe(404);
    const mismatch = await t.app.inject({
      url: `/v1/entitlements/licenses?org_guid=${other.orgGuid}`,
      headers: member.headers(orgGuid),
    });
    expect(mismatch.statusCode).toBe(400);
    const noOrg = await t.app.inject({ url: '/v1/entitlements/licenses', headers: member.headers() });
    expect(noOrg.statusCode).toBe(400);
  });

  it('filters by name, sales order, serial number, kind and dates', async () => {
    const names = async (query: string) =>
      (await listLicenses(query)).licenses.map((license) => license.license_id);
    expect(await names('license_name=findable')).toEqual(expect.arrayContaining([ours, theirs]));
    expect(await names('license_name=findable%20beta')).toEqual([theirs]);
    expect(await names('sales_order=order-7')).toEqual([ourSerial]);
    const serial = (await listLicenses('sales_order=ORDER-77')).licenses[0]!.serial_number!;
    expect(await names(`serial_number=${serial}`)).toEqual([ourSerial]);
    expect(await names('license_name=findable&show_orgs=false')).toEqual([]);
    expect(await names('sales_order=ORDER-77&show_serials=false')).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await names(`license_name=findable&created_start=${future}`)).toEqual([]);
    expect(await names(`license_name=findable&expires_start=${future}`)).toHaveLength(2);
    expect(await names(`license_name=findable&expires_end=${future}`)).toEqual([]);
  });

  it('pages newest first with a token', async () => {
    const first = await listLicenses('pagination_size=2');
    expect(first.licenses).toHaveLength(2);
    expect(first.pagination_token).toBeTruthy();
    const second = await listLicenses(`pagination_size=2&pagination_token=${first.pagination_token}`);
    const ids = [...first.licenses, ...second.licenses].map((license) => license.license_id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.licenses, ...second.licenses].map((license) => Date.parse(license.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const bad = await t.app.inject({
      url: '/v1/entitlements/licenses?pagination_token=garbage',
      headers: admin.headers(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 50 a page by default', async () => {
    const { orgGuid: crowded } = await createOrgWithOwner(t);
    const now = Date.now();
    await t.db.insert(licenses).values(
      Array.from({ length: 51 }, (_, i) => ({
        orgGuid: crowded,
        profileGuid: zixiProfile,
        unlimited: true,
        lifespanDays: 1,
        createdAt: new Date(now - i * 1000),
        expires: new Date(now + 86_400_000),
      })),
    );
    const page = await listLicenses(`org_guid=${crowded}`);
    expect(page.licenses).toHaveLength(50);
    const rest = await listLicenses(`org_guid=${crowded}&pagination_token=${page.pagination_token}`);
    expect(rest.licenses).toHaveLength(1);
    expect(rest.pagination_token).toBeNull();
  });
});

describe('PATCH and DELETE /entitlements/licenses/{license_id}', () => {
  it('extends by the days asked, a year by default', async () => {
    const licenseId = await createLicense({ org_guid: orgGuid, unlimited: true, lifespan_days: 10 });
    const extend = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/entitlements/licenses/${licenseId}`,
        headers: admin.headers(),
        payload,
      });
    const extended = await extend({ additional_lifespan_days: 5 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().license).toMatchObject({ lifespan_days: 15 });
    expect((await extend({})).json().license).toMatchObject({ lifespan_days: 380 });
  });

  it('deletes only with a reason; a deleted or unknown licence is 404', async () => {
    const licenseId = await createLicense({ org_guid: orgGuid, unlimited: true });
    const remove = (payload: object) =>
      t.app.inject({
        method: 'DELETE',
        url: `/v1/entitlements/licenses/${licenseId}`,
        headers: admin.headers(),
        payload,
      });
    expect((await remove({ reason: '' })).statusCode).toBe(400);
    expect((await remove({ reason: 'Refunded' })).statusCode).toBe(200);
    const again = await remove({ reason: 'Refunded' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(LICENSE_ERRORS.notFound);
  });
});

describe('allocations (spec 3 §4.7, spec 2 §2.12)', () => {
  it('allocates devices of the organization up to the count, all or none', async () => {
    const licenseId = await createLicense({ org_guid: orgGuid, allocation_limit: 2 });
    const [a, b, c] = await provisionInto(t, orgGuid, 3);
    const { orgGuid: elsewhere } = await createOrgWithOwner(t);
    const [stranger] = await provisionInto(t, elsewhere, 1);

    const foreign = await allocation(licenseId, 'POST', [a!.device_guid, stranger!.device_guid]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(LICENSE_ERRORS.devicesNotFound);
    expect((await allocation(licenseId, 'POST', [a!.device_guid, b!.device_guid])).statusCode).toBe(200);
    // Allocating a device again keeps its place.
    expect((await allocation(licenseId, 'POST', [a!.device_guid])).statusCode).toBe(200);
    const full = await allocation(licenseId, 'POST', [c!.device_guid]);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(LICENSE_ERRORS.allocationFull);

    const listed = await t.app.inject({
      url: `/v1/entitlements/licenses/${licenseId}/allocations?pagination_size=1`,
      headers: owner.headers(orgGuid),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().allocations).toHaveLength(1);
    const next = await t.app.inject({
      url: `/v1/entitlements/licenses/${licenseId}/allocations?pagination_token=${listed.json().pagination_token}`,
      headers: owner.headers(orgGuid),
    });
    const all = [...listed.json().allocations, ...next.json().allocations];
    expect(all.map((row: { device_guid: string }) => row.device_guid).sort()).toEqual(
      [a!.device_guid, b!.device_guid].sort(),
    );
    expect(all[0]).toMatchObject({ pending_deallocation: false, serial_number: expect.any(String) });
  });

  it('refuses an unlimited or serial-number licence', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    for (const body of [{ org_guid: orgGuid, unlimited: true }, { serial_number: device!.serial_number }]) {
      const licenseId = await createLicense(body);
      const answer = await allocation(licenseId, 'POST', [device!.device_guid]);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(LICENSE_ERRORS.notAllocatable);
    }
  });

  it("lets the organization's editors allocate, its other members read, others nothing", async () => {
    const licenseId = await createLicense({ org_guid: orgGuid, allocation_limit: 5 });
    const [device] = await provisionInto(t, orgGuid, 1);
    const reader = await createUser(t);
    await addMember(t, orgGuid, reader, 200);
    const { owner: outsider } = await createOrgWithOwner(t);
    expect((await allocation(licenseId, 'POST', [device!.device_guid], owner)).statusCode).toBe(200);
    expect((await allocation(licenseId, 'DELETE', [device!.device_guid], reader)).statusCode).toBe(403);
    expect((await allocation(licenseId, 'POST', [device!.device_guid], outsider)).statusCode).toBe(404);
    const read = (as: TestUser) =>
      t.app.inject({ url: `/v1/entitlements/licenses/${licenseId}/allocations`, headers: as.headers() });
    expect((await read(reader)).statusCode).toBe(200);
    expect((await read(outsider)).statusCode).toBe(404);
  });

  it('keeps a de-allocation pending until the device has been told; an online device is told at once', async () => {
    // An organization of its own: the others' unlimited licences would grant Zixi anyway.
    const { orgGuid: quiet } = await createOrgWithOwner(t);
    const licenseId = await createLicense({ org_guid: quiet, allocation_limit: 2 });
    const [offline, online] = await provisionInto(t, quiet, 2);
    await devicesRepository(t.db).setOnlineMany([{ deviceGuid: online!.device_guid, online: true }]);
    await allocation(licenseId, 'POST', [offline!.device_guid, online!.device_guid]);
    expect(await zixiLimitOf(offline!.device_guid)).toBe(2);

    expect(
      (await allocation(licenseId, 'DELETE', [offline!.device_guid, online!.device_guid])).statusCode,
    ).toBe(200);
    const rows = await t.db
      .select()
      .from(licenseAllocations)
      .where(eq(licenseAllocations.licenseId, licenseId));
    expect(rows.map((row) => [row.deviceGuid, row.pendingDeallocation])).toEqual([
      [offline!.device_guid, true],
    ]);
    // It grants nothing from the moment it is taken back, and still holds its place.
    expect(await zixiLimitOf(offline!.device_guid)).toBe(0);
    const [third, fourth] = await provisionInto(t, quiet, 2);
    expect((await allocation(licenseId, 'POST', [third!.device_guid, fourth!.device_guid])).statusCode).toBe(
      409,
    );
    // Told when it connects: the de-allocation is done.
    await t.devices.recordConnection(offline!.device_guid, true);
    await eventually(async () => {
      const left = await t.db
        .select()
        .from(licenseAllocations)
        .where(eq(licenseAllocations.deviceGuid, offline!.device_guid));
      return left.length === 0;
    });
  });
});
