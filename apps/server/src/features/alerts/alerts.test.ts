import type { Alert } from '@ec/contract/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeviceUser,
  createMember,
  createOrgWithOwner,
  createUser,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { alerts } from '../../db/tables/alerts.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { encodePageToken } from '../../http/pagination.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** Nothing raises alerts yet (the alert engine comes later), so the tests store them directly. */
async function storeAlert(
  orgGuid: string,
  values: Partial<typeof alerts.$inferInsert> & Pick<typeof alerts.$inferInsert, 'alertType'>,
) {
  const [row] = await t.db
    .insert(alerts)
    .values({ orgGuid, type: 'metric', name: 'system_temperature', label: 'High Temperature', ...values })
    .returning();
  return row!;
}

const list = (user: TestUser | undefined, path: '/alerts' | '/device_alerts', query = '') =>
  t.app.inject({ url: `/v1${path}${query}`, headers: user?.headers() });

async function listOk(user: TestUser, path: '/alerts' | '/device_alerts', query: string) {
  const response = await list(user, path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { alerts: Alert[]; pagination_token: string | null };
}

/** An organization with an admin (its creator), a read-only member and one adopted device. */
async function orgWithDevice() {
  const {
    owner: admin,
    orgGuid,
    devices: [device],
  } = await createOrgWithOwner(t, { devices: 1 });
  const reader = await createMember(t, orgGuid, 100);
  return { admin, reader, orgGuid, deviceGuid: device!.device_guid };
}

describe('listing alerts', () => {
  it('answers device alerts on /device_alerts and the others on /alerts, in the contract shape', async () => {
    const { reader, orgGuid, deviceGuid } = await orgWithDevice();
    const deviceAlert = await storeAlert(orgGuid, {
      alertType: 'device',
      deviceGuid,
      category: 'device',
      alertState: 'alarm',
      config: { threshold_value: 80, threshold_condition: 'gt' },
      timestamp: daysAgo(1),
    });
    const silencedAt = daysAgo(0.5);
    const legacyAlert = await storeAlert(orgGuid, {
      alertType: 'other',
      deviceGuid,
      type: 'offline',
      name: 'device_offline',
      label: 'Device Offline',
      legacy: true,
      silenced: true,
      silencedToggledBy: reader.userGuid,
      silencedTimestamp: silencedAt,
      timestamp: daysAgo(2),
    });

    const devices = await listOk(reader, '/device_alerts', `?org_guid=${orgGuid}`);
    expect(devices).toEqual({
      alerts: [
        {
          alert_guid: deviceAlert.alertGuid,
          device_guid: deviceGuid,
          alert_type: 'device',
          type: 'metric',
          name: 'system_temperature',
          label: 'High Temperature',
          category: 'device',
          alert_state: 'alarm',
          config: { threshold_value: 80, threshold_condition: 'gt' },
          timestamp: deviceAlert.timestamp.toISOString(),
          last_status_change: null,
          resolved: false,
          silenced: false,
          silenced_toggled_by: null,
          silenced_timestamp: null,
          closed_by: null,
          legacy: false,
        },
      ],
      pagination_token: null,
    });

    const others = await listOk(reader, '/alerts', `?org_guid=${orgGuid}`);
    expect(others.alerts.map((alert) => alert.alert_guid)).toEqual([legacyAlert.alertGuid]);
    expect(others.alerts[0]).toMatchObject({
      alert_type: 'other',
      legacy: true,
      silenced: true,
      silenced_toggled_by: reader.userGuid,
      silenced_timestamp: silencedAt.toISOString(),
    });
  });

  it("never lists another organization's alerts", async () => {
    const mine = await orgWithDevice();
    const theirs = await orgWithDevice();
    const own = await storeAlert(mine.orgGuid, { alertType: 'device', deviceGuid: mine.deviceGuid });
    await storeAlert(theirs.orgGuid, { alertType: 'device', deviceGuid: theirs.deviceGuid });
    await storeAlert(theirs.orgGuid, { alertType: 'other' });

    const devices = await listOk(mine.admin, '/device_alerts', `?org_guid=${mine.orgGuid}`);
    expect(devices.alerts.map((alert) => alert.alert_guid)).toEqual([own.alertGuid]);
    expect((await listOk(mine.admin, '/alerts', `?org_guid=${mine.orgGuid}`)).alerts).toEqual([]);
  });

  it('takes the organization from the x-org-guid header as well as from org_guid', async () => {
    const { reader, orgGuid } = await orgWithDevice();
    const alert = await storeAlert(orgGuid, { alertType: 'other' });
    const response = await t.app.inject({ url: '/v1/alerts', headers: reader.headers(orgGuid) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().alerts.map((row: Alert) => row.alert_guid)).toEqual([alert.alertGuid]);
  });

  it('lists the last month by default, and from start_time when given', async () => {
    const { reader, orgGuid } = await orgWithDevice();
    const recent = await storeAlert(orgGuid, { alertType: 'other', timestamp: daysAgo(3) });
    const lastWeek = await storeAlert(orgGuid, { alertType: 'other', timestamp: daysAgo(8) });
    await storeAlert(orgGuid, { alertType: 'other', timestamp: daysAgo(40) });

    const month = await listOk(reader, '/alerts', `?org_guid=${orgGuid}`);
    expect(month.alerts.map((alert) => alert.alert_guid)).toEqual([recent.alertGuid, lastWeek.alertGuid]);

    const fiveDays = await listOk(
      reader,
      '/alerts',
      `?org_guid=${orgGuid}&start_time=${encodeURIComponent(daysAgo(5).toISOString())}`,
    );
    expect(fiveDays.alerts.map((alert) => alert.alert_guid)).toEqual([recent.alertGuid]);

    const withOffset = await listOk(
      reader,
      '/alerts',
      `?org_guid=${orgGuid}&start_time=${encodeURIComponent('2000-01-01T02:00:00+02:00')}`,
    );
    expect(withOffset.alerts).toHaveLength(3);
  });

  it('pages newest first with pagination_token, including alerts of the same millisecond', async () => {
    const { reader, orgGuid, deviceGuid } = await orgWithDevice();
    const sameTime = daysAgo(1);
    const stored = [];
    for (let i = 0; i < 3; i += 1)
      stored.push(await storeAlert(orgGuid, { alertType: 'device', deviceGuid, timestamp: sameTime }));
    for (let i = 2; i <= 5; i += 1)
      stored.push(await storeAlert(orgGuid, { alertType: 'device', deviceGuid, timestamp: daysAgo(i) }));
    const expected = [...stored]
      .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.alertGuid < b.alertGuid ? 1 : -1))
      .map((alert) => alert.alertGuid);

    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const tokenParam: string = token ? `&pagination_token=${token}` : '';
      const page = await listOk(
        reader,
        '/device_alerts',
        `?org_guid=${orgGuid}&pagination_size=3${tokenParam}`,
      );
      expect(page.alerts.length).toBeLessThanOrEqual(3);
      seen.push(...page.alerts.map((alert) => alert.alert_guid));
      token = page.pagination_token;
      pages += 1;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  it('pages 50 at a time by default', async () => {
    const { reader, orgGuid } = await orgWithDevice();
    await t.db.insert(alerts).values(
      Array.from({ length: 51 }, (_, i) => ({
        orgGuid,
        alertType: 'other' as const,
        type: 'metric',
        name: `alert_${i}`,
        timestamp: new Date(Date.now() - i * 1000),
      })),
    );
    const first = await listOk(reader, '/alerts', `?org_guid=${orgGuid}`);
    expect(first.alerts).toHaveLength(50);
    expect(first.pagination_token).not.toBeNull();
    const second = await listOk(
      reader,
      '/alerts',
      `?org_guid=${orgGuid}&pagination_token=${first.pagination_token}`,
    );
    expect(second.alerts.map((alert) => alert.name)).toEqual(['alert_50']);
    expect(second.pagination_token).toBeNull();
  });
});

describe('who may list alerts', () => {
  it('answers members of every level, and a non-member the 404 of an unknown organization', async () => {
    const { admin, reader, orgGuid } = await orgWithDevice();
    const user = await createMember(t, orgGuid, 200);
    for (const member of [admin, reader, user]) {
      for (const path of ['/alerts', '/device_alerts'] as const)
        expect((await list(member, path, `?org_guid=${orgGuid}`)).statusCode).toBe(200);
    }

    const outsider = await createUser(t, { groups: ['OrganizationManagement'] });
    for (const path of ['/alerts', '/device_alerts'] as const) {
      const response = await list(outsider, path, `?org_guid=${orgGuid}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Organization not found', error_code: 'ORG_NOT_FOUND' });
    }
  });

  it('answers 401 without a token and 403 ACCESS_DENIED with a revoked one', async () => {
    const { reader, orgGuid } = await orgWithDevice();
    for (const path of ['/alerts', '/device_alerts'] as const)
      expect((await list(undefined, path, `?org_guid=${orgGuid}`)).statusCode).toBe(401);

    const response = await t.app.inject({
      url: `/v1/device_alerts?org_guid=${orgGuid}`,
      headers: { authorization: 'Bearer ec_s_unknown' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('ACCESS_DENIED');
    expect((await list(reader, '/alerts', `?org_guid=${orgGuid}`)).statusCode).toBe(200);
  });

  it('asks for an organization when none is given', async () => {
    const { reader } = await orgWithDevice();
    const response = await list(reader, '/alerts');
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('ORG_REQUIRED');
  });
});

describe('bad input', () => {
  it.each([
    ['org_guid=not-a-guid', 'org_guid: Must be a valid guid'],
    ['start_time=yesterday', 'start_time: Must be an ISO 8601 date and time'],
    ['pagination_size=0', 'pagination_size'],
    ['pagination_size=1001', 'pagination_size'],
    ['pagination_size=ten', 'pagination_size'],
  ])('refuses %s with a 400 that names the field', async (query, message) => {
    const { reader, orgGuid } = await orgWithDevice();
    const response = await list(
      reader,
      '/device_alerts',
      `?${query}${query.startsWith('org_guid') ? '' : `&org_guid=${orgGuid}`}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('VALIDATION_ERROR');
    expect(response.json().message).toContain(message);
  });

  it.each([
    ['garbage', 'not a token'],
    ['a key of other values', encodePageToken(['yesterday', 'not-a-guid'])],
  ])('refuses a pagination_token that is %s', async (_, token) => {
    const { reader, orgGuid } = await orgWithDevice();
    const response = await list(
      reader,
      '/alerts',
      `?org_guid=${orgGuid}&pagination_token=${encodeURIComponent(token)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'pagination_token is not valid',
      error_code: 'INVALID_PAGINATION_TOKEN',
    });
  });

  it('refuses a device alert without a device', async () => {
    const { orgGuid } = await orgWithDevice();
    await expect(storeAlert(orgGuid, { alertType: 'device' })).rejects.toThrow();
  });
});

describe('OpenAPI', () => {
  it('documents both lists under the alerts tag with their query', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    for (const path of ['/v1/alerts', '/v1/device_alerts']) {
      const operation = document.paths[path].get;
      expect(operation.tags).toEqual(['alerts']);
      expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
        'org_guid',
        'pagination_size',
        'pagination_token',
        'start_time',
      ]);
    }
  });
});

describe('the organization status', () => {
  it("counts the organization's active alerts of both kinds from the last month", async () => {
    const { reader, orgGuid, deviceGuid } = await orgWithDevice();
    await storeAlert(orgGuid, { alertType: 'device', deviceGuid, timestamp: daysAgo(1) });
    await storeAlert(orgGuid, { alertType: 'other', timestamp: daysAgo(2) });
    await storeAlert(orgGuid, { alertType: 'device', deviceGuid, resolved: true, timestamp: daysAgo(1) });
    await storeAlert(orgGuid, { alertType: 'other', silenced: true, timestamp: daysAgo(1) });
    await storeAlert(orgGuid, { alertType: 'other', timestamp: daysAgo(40) });
    const other = await orgWithDevice();
    await storeAlert(other.orgGuid, { alertType: 'other', timestamp: daysAgo(1) });

    const response = await t.app.inject({ url: '/v1/devices/status', headers: reader.headers(orgGuid) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status.total_alerts).toBe(2);
  });
});

describe("a device's active alerts on its answers (spec 2 §4.2, §2.13)", () => {
  /** A device with two active alerts, one of each type, beside alerts that are not active. */
  async function deviceWithAlerts() {
    const org = await orgWithDevice();
    const { orgGuid, deviceGuid } = org;
    const temperature = await storeAlert(orgGuid, { alertType: 'device', deviceGuid, timestamp: daysAgo(1) });
    const offline = await storeAlert(orgGuid, {
      alertType: 'other',
      deviceGuid,
      label: 'Device Offline',
      timestamp: daysAgo(0.5),
    });
    await storeAlert(orgGuid, { alertType: 'device', deviceGuid, resolved: true, timestamp: daysAgo(1) });
    await storeAlert(orgGuid, { alertType: 'device', deviceGuid, silenced: true, timestamp: daysAgo(1) });
    await storeAlert(orgGuid, {
      alertType: 'device',
      deviceGuid,
      dismissedAt: daysAgo(0.1),
      closedAt: daysAgo(0.1),
    });
    await storeAlert(orgGuid, { alertType: 'device', deviceGuid, timestamp: daysAgo(40) });
    // Raised while the device belonged to another organization: not this one's.
    const before = await orgWithDevice();
    await storeAlert(before.orgGuid, { alertType: 'device', deviceGuid, timestamp: daysAgo(1) });
    await t.db
      .update(devices)
      .set({ deviceName: `Alerting ${deviceGuid}` })
      .where(eq(devices.deviceGuid, deviceGuid));
    return { ...org, alertGuids: [offline.alertGuid, temperature.alertGuid] };
  }

  const get = async (user: TestUser, url: string, orgGuid?: string) => {
    const response = await t.app.inject({ url: `/v1${url}`, headers: user.headers(orgGuid) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const countOf = (devices: { device_guid: string; alert_count: number }[], guid: string) =>
    devices.find((device) => device.device_guid === guid)?.alert_count;

  it('counts them on the device list, the name search, the provisioned list and the device', async () => {
    const { reader, orgGuid, deviceGuid } = await deviceWithAlerts();
    const quiet = await provisionInto(t, orgGuid);

    const list = await get(reader, '/devices', orgGuid);
    expect(countOf(list.devices, deviceGuid)).toBe(2);
    expect(countOf(list.devices, quiet[0]!.device_guid)).toBe(0);
    const byName = await get(reader, `/devices?device_name=${encodeURIComponent('alerting')}`, orgGuid);
    expect(byName.devices.map((device: { alert_count: number }) => device.alert_count)).toEqual([2]);
    expect((await get(reader, `/devices/${deviceGuid}`)).device.alert_count).toBe(2);

    const manager = await createUser(t, { groups: ['DeviceManagement'] });
    const provisioned = await get(manager, `/provisioning/devices?device_name=${deviceGuid}`);
    expect(provisioned.devices.map((device: { alert_count: number }) => device.alert_count)).toEqual([2]);
  });

  it('counts them on the metadata search', async () => {
    const { admin, orgGuid, deviceGuid } = await deviceWithAlerts();
    const saved = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${deviceGuid}/metadata`,
      headers: admin.headers(orgGuid),
      payload: [{ key: 'location', value: `Rack ${deviceGuid}` }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = await t.app.inject({
      method: 'POST',
      url: `/v1/orgs/${orgGuid}/device_metadata`,
      headers: admin.headers(orgGuid),
      payload: { search_keys: [{ key: 'location', value: deviceGuid }] },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().metadata.map((entry: { alert_count: number }) => entry.alert_count)).toEqual([2]);
  });

  it('lists them newest first on GET /device_alerts/{device_guid} for whoever may view the device', async () => {
    const { reader, orgGuid, deviceGuid, alertGuids } = await deviceWithAlerts();
    const answer = await get(reader, `/device_alerts/${deviceGuid}`);
    expect(answer.alerts.map((alert: Alert) => alert.alert_guid)).toEqual(alertGuids);
    expect(answer.alerts.every((alert: Alert) => alert.device_guid === deviceGuid)).toBe(true);

    const deviceUser = await createDeviceUser(t, deviceGuid, 100);
    expect((await get(deviceUser, `/device_alerts/${deviceGuid}`)).alerts).toHaveLength(2);

    const stranger = await orgWithDevice();
    const refused = await t.app.inject({
      url: `/v1/device_alerts/${deviceGuid}`,
      headers: stranger.reader.headers(stranger.orgGuid),
    });
    expect(refused.statusCode).toBe(404);
    const invalid = await t.app.inject({
      url: '/v1/device_alerts/not-a-guid',
      headers: reader.headers(orgGuid),
    });
    expect(invalid.statusCode).toBe(400);
  });
});
