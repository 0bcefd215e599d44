import type { Alert } from '@ec/contract/alerts';
import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { initialShadows } from '@ec/simulator/initial-shadows';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice, startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createMember,
  createOrgWithOwner,
  createUser,
  eventually,
  provisionInto,
  sendShadowSet,
  type TestUser,
} from '../../../test/factories.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { alertConditions } from '../../db/tables/alerts.schema.ts';
import { startJobs } from '../../jobs/start-jobs.ts';
import { createLogger } from '../../logging/logger.ts';
import { createMailer } from '../../mail/mailer.ts';

// The engine against a simulated encoder and a device on the broker, its e-mails going through the
// outbox and the real mailer to a real SMTP server, and the due-alerts job running. Holds are 2% of the
// product's: 0.6 s for an output, 1.2 s offline.

/** Generous: the machine may be busy with other tests. */
const WAIT_MS = 15_000;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let jobs: ReturnType<typeof startJobs>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const log = createLogger({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'alerts@console.test', log });
  t = await createTestApp({ mailer, env: { ALERT_HOLD_SCALE: '0.02' } });
  jobs = startJobs({
    db: t.db,
    shadows: t.shadows,
    deviceCommands: t.deviceCommands,
    alerts: t.alerts,
    licenses: t.app.services.licenses,
    log,
    shadowHistoryDays: 90,
    metricsRetention: { rawDays: 14, hourlyDays: 400 },
  });
});
afterAll(async () => {
  jobs.stop();
  await t.close();
  await smtp.down();
});

const mailsTo = (address: string) => smtp.mailsTo(address);
const waitForMail = (address: string, subject: RegExp) =>
  eventually(async () => mailsTo(address).find((mail) => subject.test(mail.subject)), WAIT_MS);

async function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({ method, url: `/v1${url}`, headers: user.headers(), payload: payload as object });
}

async function listAlerts(user: TestUser, orgGuid: string, path = '/device_alerts') {
  const response = await call(user, 'GET', `${path}?org_guid=${orgGuid}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { alerts: Alert[] }).alerts;
}

async function addTemplate(owner: TestUser, orgGuid: string, body: Record<string, unknown>) {
  const response = await call(owner, 'POST', `/orgs/${orgGuid}/alert_templates`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().template as { template_guid: string };
}

/** Each sample in a second of its own (the store keeps one sample per second), as a device's minutes are. */
let sampleClock = Date.now() - 60_000;
const publishMetrics = (mqtt: MqttClient, deviceGuid: string, metrics: Record<string, number>) => {
  sampleClock += 1000;
  return mqtt.publishAsync(
    deviceTopics(deviceGuid).metrics,
    JSON.stringify({ timestamp: new Date(sampleClock).toISOString(), metrics }),
    { qos: 1 },
  );
};

describe('a metric rule', () => {
  it('raises when a sample is over the threshold, e-mails members and addresses, resolves when back', async () => {
    const { owner, orgGuid, devices } = await createOrgWithOwner(t, { devices: 1 });
    const device = devices[0]!;
    const reader = await createMember(t, orgGuid, 100);
    const outsider = await createUser(t);
    await addTemplate(owner, orgGuid, {
      type: 'metric',
      name: 'cpu_percent_used',
      label: 'High CPU',
      config: {
        threshold_value: 80,
        threshold_condition: 'GreaterThan',
        notify_on_close: true,
        user_list: [reader.userGuid, outsider.userGuid],
        email_list: ['ops@example.com'],
      },
    });
    const mqtt = await connectRawDevice(t, device, { online: true });
    try {
      await publishMetrics(mqtt, device.device_guid, { cpu_percent_used: 95 });
      const [raised] = await eventually(async () => {
        const alerts = await listAlerts(reader, orgGuid);
        return alerts.length > 0 && alerts;
      }, WAIT_MS);
      expect(raised).toMatchObject({
        device_guid: device.device_guid,
        alert_type: 'device',
        type: 'metric',
        name: 'cpu_percent_used',
        label: 'High CPU',
        category: 'org',
        alert_state: 'ALARM',
        config: { threshold_value: 80, threshold_condition: 'GreaterThan' },
        resolved: false,
        silenced: false,
        closed_by: null,
        legacy: false,
      });
      const count = await call(reader, 'GET', `/alerts/active_count?org_guid=${orgGuid}`);
      expect(count.json()).toEqual({ active: 1 });

      for (const address of [reader.email, 'ops@example.com']) {
        const mail = await waitForMail(address, /^Alert: High CPU on /);
        expect(mail.text).toContain(`http://console.test/devices/${device.device_guid}`);
        expect(mail.text).toContain('Value: 95');
      }
      expect(mailsTo(outsider.email)).toEqual([]);

      await publishMetrics(mqtt, device.device_guid, { cpu_percent_used: 20 });
      const resolved = await eventually(async () => {
        const [alert] = await listAlerts(reader, orgGuid);
        return alert?.resolved && alert;
      }, WAIT_MS);
      expect(resolved).toMatchObject({
        alert_guid: raised!.alert_guid,
        alert_state: 'OK',
        closed_by: 'auto',
      });
      expect(Date.parse(resolved.last_status_change!)).toBeGreaterThanOrEqual(Date.parse(raised!.timestamp));
      await waitForMail('ops@example.com', /^Resolved: High CPU on /);
      expect((await call(reader, 'GET', `/alerts/active_count?org_guid=${orgGuid}`)).json()).toEqual({
        active: 0,
      });
    } finally {
      await mqtt.endAsync();
    }
  });

  it("closes a template's open alerts with 'disabled' when the template is removed", async () => {
    const { owner, orgGuid, devices } = await createOrgWithOwner(t, { devices: 1 });
    const device = devices[0]!;
    const template = await addTemplate(owner, orgGuid, {
      type: 'metric',
      name: 'memory_system_percent_used',
      label: 'High Memory',
      config: { threshold_value: 50 },
    });
    const mqtt = await connectRawDevice(t, device, { online: true });
    try {
      await publishMetrics(mqtt, device.device_guid, { memory_system_percent_used: 70 });
      await eventually(async () => (await listAlerts(owner, orgGuid)).length === 1, WAIT_MS);
      const removed = await call(
        owner,
        'DELETE',
        `/orgs/${orgGuid}/alert_templates/${template.template_guid}`,
      );
      expect(removed.statusCode).toBe(200);
      const closed = await eventually(async () => {
        const [alert] = await listAlerts(owner, orgGuid);
        return alert?.closed_by && alert;
      }, WAIT_MS);
      expect(closed).toMatchObject({ closed_by: 'disabled', resolved: true });
    } finally {
      await mqtt.endAsync();
    }
  });
});

/** A device whose first output and video encoder exist from the start and whose input has a signal. */
async function deviceWithOutput(orgGuid: string): Promise<ProvisionedDevice> {
  for (;;) {
    const [device] = await provisionInto(t, orgGuid, 1);
    const initial = initialShadows(device!, '192.0.2.1');
    const outputs = initial.Outputs.outputs as { id: number }[];
    const encoders = initial.Encoders.encoders as { id: number; status?: string }[];
    if (outputs.some((output) => output.id === 1) && encoders[0]?.status === 'RUNNING') return device!;
  }
}

/** Points the first output at an address (unreachable: 203.0.113.10) and enables it. */
async function setFirstOutput(owner: TestUser, simulated: SimulatedDevice, destination: string) {
  const { state, version } = simulated.shadow('Outputs');
  const outputs = (state.outputs as { id: number; type: string; config: Record<string, unknown> }[]).map(
    ({ id, type, config }) => ({
      id,
      type,
      config: id === 1 ? { ...config, enable: true, destination_ip: destination } : config,
    }),
  );
  const response = await sendShadowSet(t, owner.headers(), simulated.device.device_guid, {
    shadowName: 'Outputs',
    targetVersion: version,
    state: { outputs },
  });
  expect(response.statusCode, response.body).toBe(202);
  await eventually(async () => simulated.shadow('Outputs').version > version, WAIT_MS);
}

describe("a device's own metric rule", () => {
  it('raises High Temperature while a simulated encoder runs hot, and resolves it when it cools', async () => {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    const simulated = await startSimulatedDevice(t, { orgGuid, metricsIntervalMs: 1000 });
    const guid = simulated.device.device_guid;
    try {
      // The predefined rule, turned on in the device's Alerts tab (its own shadow, category device).
      const { version } = simulated.shadow('Alerts');
      const set = await sendShadowSet(t, owner.headers(), guid, {
        shadowName: 'Alerts',
        targetVersion: version,
        state: {
          alerts: [
            {
              type: 'metric',
              name: 'thermal_system_temp_current',
              label: 'High Temperature',
              category: 'device',
              config: {
                enabled: true,
                threshold_value: 80,
                threshold_condition: 'GreaterThan',
                notify_on_close: true,
                user_list: [],
                email_list: ['rack@example.com'],
              },
            },
          ],
        },
      });
      expect(set.statusCode, set.body).toBe(202);
      await eventually(async () => simulated.shadow('Alerts').version > version, WAIT_MS);
      const [rule] = simulated.shadow('Alerts').state.alerts as { alert_guid: string }[];

      simulated.pinReading('thermal_system_temp_current', 95);
      const raised = await eventually(async () => {
        const [alert] = await listAlerts(owner, orgGuid);
        return alert && !alert.resolved && alert;
      }, WAIT_MS);
      expect(raised).toMatchObject({
        device_guid: guid,
        alert_type: 'device',
        type: 'metric',
        name: 'thermal_system_temp_current',
        label: 'High Temperature',
        category: 'device',
        alert_state: 'ALARM',
        config: { threshold_value: 80, threshold_condition: 'GreaterThan' },
      });
      const mail = await waitForMail('rack@example.com', /^Alert: High Temperature on /);
      expect(mail.text).toContain(`http://console.test/devices/${guid}`);
      const conditions = await t.db.select().from(alertConditions);
      expect(conditions.some((row) => row.deviceGuid === guid && row.conditionKey === rule!.alert_guid)).toBe(
        true,
      );

      // The same readings are what the explorer shows.
      const now = Date.now();
      const query = await call(owner, 'POST', '/devices/metrics', {
        device_guids: [guid],
        metrics: [
          {
            namespace: 'system',
            metric_name: 'thermal_system_temp_current',
            period: 3600,
            statistic: 'Maximum',
          },
        ],
        start_time: new Date(now - 2 * 3600_000).toISOString(),
        end_time: new Date(now + 60_000).toISOString(),
      });
      expect(query.statusCode, query.body).toBe(200);
      expect(Math.max(...query.json().metrics[0].values)).toBe(95);

      simulated.pinReading('thermal_system_temp_current', null);
      const resolved = await eventually(async () => {
        const [alert] = await listAlerts(owner, orgGuid);
        return alert?.resolved && alert;
      }, WAIT_MS);
      expect(resolved).toMatchObject({ alert_guid: raised.alert_guid, closed_by: 'auto', alert_state: 'OK' });
      const closing = await waitForMail('rack@example.com', /^Resolved: High Temperature on /);
      expect(closing.text).toContain(`http://console.test/devices/${guid}`);
    } finally {
      await simulated.stop();
    }
  });
});

/** The Alerts document with the predefined High Temperature rule, on or off. */
const highTemperatureRule = (enabled: boolean) => ({
  type: 'metric',
  name: 'thermal_system_temp_current',
  label: 'High Temperature',
  category: 'device',
  config: {
    enabled,
    threshold_value: 80,
    threshold_condition: 'GreaterThan',
    notify_on_close: false,
    user_list: [],
    email_list: [],
  },
});

/** Sets the simulated device's Alerts document and waits until the console has stored its report. */
async function setDeviceAlerts(owner: TestUser, simulated: SimulatedDevice, alerts: unknown[]) {
  const guid = simulated.device.device_guid;
  const { version } = simulated.shadow('Alerts');
  const set = await sendShadowSet(t, owner.headers(), guid, {
    shadowName: 'Alerts',
    targetVersion: version,
    state: { alerts },
  });
  expect(set.statusCode, set.body).toBe(202);
  await eventually(async () => {
    const stored = await t.app.inject({
      url: `/v1/devices/${guid}/shadows?shadow_names=Alerts`,
      headers: owner.headers(),
    });
    return stored.json().shadows[0]?.reported?.current_version > version;
  }, WAIT_MS);
}

describe("a device's own rule turned off or removed", () => {
  it("closes its open alert with 'alert_disabled' when turned off and 'shadow_removal' when removed", async () => {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    const simulated = await startSimulatedDevice(t, { orgGuid, metricsIntervalMs: 300 });
    // The High Temperature alert: the device's first document also watches its outputs.
    const openAlert = () =>
      eventually(
        async () =>
          (await listAlerts(owner, orgGuid)).find(
            (alert) => !alert.resolved && alert.name === 'thermal_system_temp_current',
          ),
        WAIT_MS,
      );
    const closedAlert = (alertGuid: string) =>
      eventually(async () => {
        const alert = (await listAlerts(owner, orgGuid)).find((each) => each.alert_guid === alertGuid);
        return alert?.closed_by && alert;
      }, WAIT_MS);
    try {
      // Pinned once the rule is the test's own: the first document's High Temperature rule, replaced
      // here, would otherwise open an alert that the replacement closes as removed.
      await setDeviceAlerts(owner, simulated, [highTemperatureRule(true)]);
      simulated.pinReading('thermal_system_temp_current', 95);
      const first = await openAlert();
      const [rule] = simulated.shadow('Alerts').state.alerts as Record<string, unknown>[];

      await setDeviceAlerts(owner, simulated, [{ ...rule, config: highTemperatureRule(false).config }]);
      expect(await closedAlert(first.alert_guid)).toMatchObject({
        closed_by: 'alert_disabled',
        resolved: true,
      });

      await setDeviceAlerts(owner, simulated, [rule]);
      const second = await openAlert();
      expect(second.alert_guid).not.toBe(first.alert_guid);
      await setDeviceAlerts(owner, simulated, []);
      expect(await closedAlert(second.alert_guid)).toMatchObject({
        closed_by: 'shadow_removal',
        resolved: true,
      });
    } finally {
      await simulated.stop();
    }
  });
});

describe('devices judged together', () => {
  it('raises for exactly the devices whose samples breach the rule when a fleet reports at once', async () => {
    const { owner, orgGuid, devices } = await createOrgWithOwner(t, { devices: 24 });
    await addTemplate(owner, orgGuid, {
      type: 'metric',
      name: 'cpu_percent_used',
      label: 'High CPU',
      config: { threshold_value: 80, threshold_condition: 'GreaterThan' },
    });
    const hot = new Set(devices.filter((_, index) => index % 3 === 0).map((device) => device.device_guid));
    const connections = await Promise.all(
      devices.map((device) => connectRawDevice(t, device, { online: true })),
    );
    try {
      await Promise.all(
        devices.map((device, index) =>
          publishMetrics(connections[index]!, device.device_guid, {
            cpu_percent_used: hot.has(device.device_guid) ? 95 : 20,
          }),
        ),
      );
      const raised = await eventually(async () => {
        const alerts = await listAlerts(owner, orgGuid);
        return alerts.length >= hot.size && alerts;
      }, WAIT_MS);
      expect(new Set(raised.map((alert) => alert.device_guid))).toEqual(hot);
      expect(raised).toHaveLength(hot.size);
    } finally {
      await Promise.all(connections.map((connection) => connection.endAsync()));
    }
  });
});

describe('an output rule', () => {
  it('raises after the hold, stops e-mailing when silenced, and raises again after a person closes it', async () => {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    const reader = await createMember(t, orgGuid, 100);
    const other = await createOrgWithOwner(t);
    await addTemplate(owner, orgGuid, {
      type: 'outputs',
      name: 'status_code',
      label: 'Stream Down',
      config: {
        threshold_value: 'RUNNING',
        threshold_condition: 'NotEqualTo',
        email_list: ['noc@example.com'],
      },
    });
    const device = await deviceWithOutput(orgGuid);
    const simulated = await startSimulatedDevice(t, { device, streamStartMs: 10 });
    const guid = device.device_guid;
    const orgAlerts = async () =>
      (await listAlerts(owner, orgGuid)).filter((alert) => alert.category === 'org');
    try {
      await setFirstOutput(owner, simulated, '203.0.113.10');
      // Held first: the condition waits for its 30 s (here 0.6 s) before the alert shows.
      const condition = await eventually(async () => {
        const rows = await t.db.select().from(alertConditions);
        return rows.find((row) => row.deviceGuid === guid && row.conditionKey.endsWith(':1'));
      }, WAIT_MS);
      const [raised] = await eventually(async () => {
        const alerts = await orgAlerts();
        return alerts.length > 0 && alerts;
      }, WAIT_MS);
      expect(Date.parse(raised!.timestamp) - condition.heldSince!.getTime()).toBeGreaterThanOrEqual(600);
      expect(raised).toMatchObject({
        type: 'outputs',
        label: 'Stream Down',
        alert_state: 'ALARM',
        config: { threshold_value: 'RUNNING', threshold_condition: 'NotEqualTo' },
      });
      const first = await waitForMail('noc@example.com', /^Alert: Stream Down \(Output 1\) on /);
      expect(first.text).toContain(`http://console.test/devices/${guid}`);

      // Only the device's editors silence it; another organization's admin does not find it.
      const silencePath = `/device_alerts/${guid}?alert_guid=${raised!.alert_guid}`;
      expect((await call(reader, 'PATCH', silencePath, { silenced: true })).statusCode).toBe(403);
      expect((await call(other.owner, 'PATCH', silencePath, { silenced: true })).statusCode).toBe(404);
      expect(await listAlerts(other.owner, other.orgGuid)).toEqual([]);
      const silenced = await call(owner, 'PATCH', silencePath, { silenced: true });
      expect(silenced.statusCode, silenced.body).toBe(200);
      expect(silenced.json().alert).toMatchObject({ silenced: true, silenced_toggled_by: owner.userGuid });
      expect((await call(owner, 'GET', `/alerts/active_count?org_guid=${orgGuid}`)).json().active).toBe(
        (await listAlerts(owner, orgGuid)).filter((alert) => !alert.silenced && !alert.resolved).length,
      );

      // Fixed while silenced: resolved without an e-mail.
      await setFirstOutput(owner, simulated, 'srt.example.com');
      await eventually(async () => (await orgAlerts())[0]?.resolved, WAIT_MS);
      expect((await orgAlerts())[0]).toMatchObject({ closed_by: 'auto', silenced: true });
      expect((await call(owner, 'PATCH', silencePath, { silenced: false })).statusCode).toBe(409);

      // Broken again: a new alert, e-mailed; a person closes it; the condition still holding raises another.
      await setFirstOutput(owner, simulated, '203.0.113.10');
      const second = await eventually(
        async () => (await orgAlerts()).find((alert) => !alert.resolved),
        WAIT_MS,
      );
      expect(second.alert_guid).not.toBe(raised!.alert_guid);
      await eventually(async () => mailsTo('noc@example.com').length === 2, WAIT_MS);

      const closePath = `/device_alerts/${guid}?alert_guid=${second.alert_guid}`;
      expect((await call(reader, 'DELETE', closePath)).statusCode).toBe(403);
      const closed = await call(owner, 'DELETE', closePath);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json().alert).toMatchObject({ closed_by: owner.userGuid, resolved: false });
      expect((await orgAlerts()).map((alert) => alert.alert_guid)).not.toContain(second.alert_guid);
      const history = await call(
        owner,
        'GET',
        `/device_alerts/history?org_guid=${orgGuid}&device_guids=${guid}`,
      );
      expect(history.json().alerts.map((alert: Alert) => alert.alert_guid)).toContain(second.alert_guid);
      await waitForMail('noc@example.com', /^Closed: Stream Down \(Output 1\) on /);

      // Its next evaluation (the device reports its outputs again, still broken) raises another.
      await setFirstOutput(owner, simulated, '203.0.113.11');
      const third = await eventually(
        async () => (await orgAlerts()).find((alert) => !alert.resolved),
        WAIT_MS,
      );
      expect([raised!.alert_guid, second.alert_guid]).not.toContain(third.alert_guid);
    } finally {
      await simulated.stop();
    }
  });
});

describe('the Device Offline setting', () => {
  it('raises a legacy alert a minute (here 1.2 s) after the device drops, resolved when it is back', async () => {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    const reader = await createMember(t, orgGuid, 100);
    const saved = await call(owner, 'PUT', `/orgs/${orgGuid}/alert_settings`, {
      offline: { enabled: true, notify_on_close: true, user_list: [], email_list: ['oncall@example.com'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(reader, 'PUT', `/orgs/${orgGuid}/alert_settings`, saved.json())).statusCode).toBe(403);
    const simulated = await startSimulatedDevice(t, { orgGuid });
    const guid = simulated.device.device_guid;
    simulated.kill();
    const droppedAt = Date.now();
    const [offline] = await eventually(async () => {
      const alerts = await listAlerts(reader, orgGuid, '/alerts');
      return alerts.length > 0 && alerts;
    }, WAIT_MS);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(1000);
    expect(offline).toMatchObject({
      device_guid: guid,
      alert_type: 'other',
      type: 'offline',
      name: 'offline',
      label: 'Device Offline',
      legacy: true,
      alert_state: 'ALARM',
    });
    await waitForMail('oncall@example.com', /^Alert: Device Offline on /);
    expect(
      (await call(reader, 'PATCH', `/alerts/${offline!.alert_guid}`, { silenced: true })).statusCode,
    ).toBe(403);

    const back = await startSimulatedDevice(t, { device: simulated.device });
    try {
      const resolved = await eventually(async () => {
        const [alert] = await listAlerts(reader, orgGuid, '/alerts');
        return alert?.resolved && alert;
      }, WAIT_MS);
      expect(resolved).toMatchObject({
        alert_guid: offline!.alert_guid,
        closed_by: 'auto',
        alert_state: 'OK',
      });
      await waitForMail('oncall@example.com', /^Resolved: Device Offline on /);
    } finally {
      await back.stop();
    }
  });
});
