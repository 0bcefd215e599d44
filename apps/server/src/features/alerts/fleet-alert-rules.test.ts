import { ACCESS } from '@ec/contract/access';
import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { FLEET_ALERT_ERRORS, type FleetAlertTemplate } from '@ec/contract/fleet-templates';
import { and, eq, isNull } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice } from '../../../test/devices-on-the-broker.ts';
import {
  addFleetUser,
  createFleet,
  createOrgWithOwner,
  createUser,
  eventually,
  type TestUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { alerts } from '../../db/tables/alerts.schema.ts';

// A fleet's alert templates (spec 2 §2.6 Alerts), saved as a whole list and judged by the alert engine
// for every device of the fleet, also one added after the save, through real HTTP and a broker.

const WAIT_MS = 15_000;
let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let devices: ProvisionedDevice[];
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, orgGuid, devices } = await createOrgWithOwner(t, { devices: 3 }));
});
afterAll(async () => {
  for (const client of clients) await client.endAsync();
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1${url}`, headers: user.headers(), payload });

const highCpu = (alertGuid = crypto.randomUUID()) => ({
  alert_guid: alertGuid,
  type: 'metric',
  name: 'cpu_percent_used',
  label: 'Fleet High CPU',
  config: { enabled: true, threshold_value: 80, threshold_condition: 'GreaterThan' },
});

let sampleClock = Date.now() - 60_000;
async function sendCpu(device: ProvisionedDevice, value: number) {
  let client = clients.find((c) => c.options.clientId === device.device_guid);
  if (!client) {
    client = await connectRawDevice(t, device, { online: true });
    clients.push(client);
  }
  sampleClock += 1000;
  await client.publishAsync(
    deviceTopics(device.device_guid).metrics,
    JSON.stringify({ timestamp: new Date(sampleClock).toISOString(), metrics: { cpu_percent_used: value } }),
    { qos: 1 },
  );
}

const openAlertsOf = (deviceGuid: string) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.deviceGuid, deviceGuid), isNull(alerts.closedAt)));

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('fleet alert templates', () => {
  it('are saved as a whole list, read by the fleet, and judged for each device of the fleet, also one added later', async () => {
    const [inFleet, later, outside] = devices as [ProvisionedDevice, ProvisionedDevice, ProvisionedDevice];
    const fleetGuid = await createFleet(t, owner, orgGuid, { deviceGuids: [inFleet.device_guid] });
    const template = highCpu();
    const saved = await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [template] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().alerts).toEqual([
      expect.objectContaining({
        alert_guid: template.alert_guid,
        fleet_guid: fleetGuid,
        category: 'fleet',
        label: 'Fleet High CPU',
        alert_state: 'OK',
      }),
    ]);

    await sendCpu(inFleet, 95);
    await sendCpu(outside, 95);
    const raised = await eventually(async () => (await openAlertsOf(inFleet.device_guid))[0], WAIT_MS);
    expect(raised).toMatchObject({ category: 'fleet', label: 'Fleet High CPU', alertState: 'ALARM' });
    await settle();
    expect(await openAlertsOf(outside.device_guid)).toEqual([]);
    const listed = (await call(owner, 'GET', `/fleets/${fleetGuid}/alerts`)).json()
      .alerts as FleetAlertTemplate[];
    expect(listed.map((alert) => alert.alert_state)).toEqual(['ALARM']);

    // A device added to the fleet after the save is watched as well.
    const added = await call(owner, 'POST', `/fleets/${fleetGuid}/devices`, { devices: [later.device_guid] });
    expect(added.statusCode, added.body).toBe(200);
    await sendCpu(later, 97);
    await eventually(async () => (await openAlertsOf(later.device_guid)).length === 1, WAIT_MS);

    // Removed from the fleet, its fleet alert closes.
    await call(owner, 'DELETE', `/fleets/${fleetGuid}/devices`, { devices: [later.device_guid] });
    await eventually(async () => (await openAlertsOf(later.device_guid)).length === 0, WAIT_MS);

    // Turned off in a save, the template's open alerts close; a saved empty list removes it.
    const off = { ...template, config: { ...template.config, enabled: false } };
    expect((await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [off] })).statusCode).toBe(200);
    await eventually(async () => (await openAlertsOf(inFleet.device_guid)).length === 0, WAIT_MS);
    const emptied = await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [] });
    expect(emptied.json().alerts).toEqual([]);
  });

  it('keep the order saved, refuse bad input with a message and a guid of another fleet', async () => {
    const fleetGuid = await createFleet(t, owner, orgGuid);
    const first = highCpu();
    const second = { ...highCpu(), name: 'memory_system_percent_used', label: 'High Memory Utilization' };
    const saved = await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [second, first] });
    expect(saved.json().alerts.map((a: FleetAlertTemplate) => a.alert_guid)).toEqual([
      second.alert_guid,
      first.alert_guid,
    ]);

    const textThreshold = { ...highCpu(), config: { threshold_value: 'hot' } };
    const bad = await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [textThreshold] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('must be a number');
    const nameless = await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, {
      alerts: [{ ...highCpu(), name: '' }],
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toContain('Name is required');
    const twice = await call(owner, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [first, first] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(FLEET_ALERT_ERRORS.repeated);

    const other = await createFleet(t, owner, orgGuid);
    const taken = await call(owner, 'PUT', `/fleets/${other}/alerts`, { alerts: [first] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(FLEET_ALERT_ERRORS.takenElsewhere);
    // Nothing of the refused save was kept.
    expect((await call(owner, 'GET', `/fleets/${other}/alerts`)).json().alerts).toEqual([]);
  });

  it('are read by whoever sees the fleet and saved by its editors only', async () => {
    const fleetGuid = await createFleet(t, owner, orgGuid);
    const reader = await createUser(t);
    await addFleetUser(t, fleetGuid, reader, ACCESS.readOnly);
    const editor = await createUser(t);
    await addFleetUser(t, fleetGuid, editor, ACCESS.admin);
    const stranger = await createUser(t);

    expect((await call(reader, 'GET', `/fleets/${fleetGuid}/alerts`)).statusCode).toBe(200);
    expect((await call(reader, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [] })).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/fleets/${fleetGuid}/alerts`)).statusCode).toBe(404);
    const saved = await call(editor, 'PUT', `/fleets/${fleetGuid}/alerts`, { alerts: [highCpu()] });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
