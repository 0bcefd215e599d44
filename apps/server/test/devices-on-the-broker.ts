import { randomBytes } from 'node:crypto';
import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { SHADOW_NAMES } from '@ec/contract/shadows';
import { SimulatedDevice, type SimulatedDeviceOptions } from '@ec/simulator/simulated-device';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import type { Db } from '../src/db/database.ts';
import { shadows } from '../src/db/tables/shadows.schema.ts';
import { devicesRepository } from '../src/device-core/devices/devices.repository.ts';
import { startEmbeddedBroker } from '../src/device-link/embedded-broker.ts';
import { connectMqtt } from '../src/device-link/mqtt-client.ts';
import { createLogger } from '../src/logging/logger.ts';
import { digest, digestsEqual } from '../src/shared/secrets.ts';
import { createOrgWithOwner, eventually, provisionInto } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Starts a simulated device on the test app's broker (the address devices are given), without metrics
 * or periodic state unless `options` asks for them, and waits until the server has stored its
 * announcement: online, and every shadow's reported document (the ingest stores reports as background
 * work, after people's requests, so being online does not mean the documents are in yet).
 * Without `device` it provisions one of `product` (an Edgecaster by default) into `orgGuid`, or into a
 * new organization when none is named. The caller stops it.
 */
export async function startSimulatedDevice(
  t: TestApp,
  options: Partial<SimulatedDeviceOptions> & { orgGuid?: string; product?: DeviceProduct } = {},
) {
  const { orgGuid, product = 'edgecaster', device, ...simulator } = options;
  const provisioned =
    device ?? (await provisionInto(t, orgGuid ?? (await createOrgWithOwner(t)).orgGuid, 1, product))[0]!;
  const simulated = new SimulatedDevice({
    device: provisioned,
    mqttUrl: t.deviceLink.deviceBrokerUrl,
    metricsIntervalMs: 0,
    stateIntervalMs: 0,
    ...simulator,
  });
  await simulated.start();
  // A test goes on from a known state: the server has taken the device's announcement in, so a command
  // sent next goes out to it instead of waiting for it as for an offline device. About 2 s for five
  // devices at once on an idle machine; a loaded CI machine took more than 15 s (reports are
  // background work, which gives way to people's statements on PGlite's one connection).
  await eventually(
    async () =>
      (await devicesRepository(t.db).isOnline(provisioned.device_guid)) &&
      (await reportedShadowCount(t.db, provisioned.device_guid)) === SHADOW_NAMES.length,
    30_000,
  );
  return simulated;
}

/** How many of the device's shadows have a reported document stored. */
async function reportedShadowCount(db: Db, deviceGuid: string) {
  const [row] = await db
    .select({ count: count() })
    .from(shadows)
    .where(and(eq(shadows.deviceGuid, deviceGuid), isNotNull(shadows.reportedState)));
  return row?.count ?? 0;
}

/**
 * Connects to the test app's broker as `device` with a plain MQTT client (no simulator): with the
 * device's own credentials, unless the test forges a password or client id. With `online` the device
 * then announces itself (see `announceOnline`), its message retained when `'retained'`.
 */
export async function connectRawDevice(
  t: Pick<TestApp, 'deviceLink' | 'db'>,
  device: ProvisionedDevice,
  options: { online?: boolean | 'retained'; password?: string; clientId?: string } = {},
): Promise<MqttClient> {
  const client = await connectMqtt(t.deviceLink.deviceBrokerUrl, {
    clientId: options.clientId ?? device.device_guid,
    username: device.mqtt_username,
    password: options.password ?? device.mqtt_password,
    reconnectPeriod: 0,
  });
  if (options.online)
    await announceOnline(t, client, device.device_guid, { retain: options.online === 'retained' });
  return client;
}

/** Publishes a device's `{ online: true }` connection message and waits until the server has recorded it. */
export async function announceOnline(
  t: Pick<TestApp, 'db'>,
  client: MqttClient,
  deviceGuid: string,
  options: { retain?: boolean } = {},
) {
  await client.publishAsync(deviceTopics(deviceGuid).connection, JSON.stringify({ online: true }), {
    qos: 1,
    retain: options.retain ?? false,
  });
  await eventually(() => devicesRepository(t.db).isOnline(deviceGuid));
}

/**
 * A broker that outlives the server processes of a test, as an external one does: TEST_MQTT_URL, or else
 * the embedded broker's code standing alone, which checks each device's password against its secret in
 * `db` and knows the server by credentials of its own. Answers its address with the server's credentials.
 */
export async function startOutsideBroker(db: Db): Promise<{ url: URL; close(): Promise<void> }> {
  if (process.env.TEST_MQTT_URL) return { url: new URL(process.env.TEST_MQTT_URL), close: async () => {} };
  const server = { username: 'ec-console-server', password: `outside-${randomBytes(8).toString('hex')}` };
  const broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    log: createLogger({ level: 'silent' }),
    auth: {
      server,
      async verifyDevice(deviceGuid, password) {
        const hash = (await devicesRepository(db).secretHashes([deviceGuid])).get(deviceGuid);
        return hash !== undefined && digestsEqual(hash, digest(password));
      },
    },
  });
  const url = new URL(broker.url);
  url.username = server.username;
  url.password = server.password;
  return { url, close: () => broker.close() };
}
