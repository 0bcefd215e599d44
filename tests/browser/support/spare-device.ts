import { deviceTopics } from '@ec/contract/device-link';
import type { Device, ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { SimulatedDevice, type SimulatedDeviceOptions } from '@ec/simulator/simulated-device';
import { type APIRequestContext, expect } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { demoOrgHeaders } from './demo-org.ts';

/**
 * A device of one spec's own in the demo organization, for what the demo fleet cannot do on request:
 * go offline, or stay online and never answer. The demo admin (who holds DeviceManagement) provisions
 * and adopts it through the API; a simulated encoder run by the test process brings it online with its
 * configuration. `goOffline` stops that encoder as a device shuts down; `goSilent` puts in its place a
 * plain MQTT client with the device's credentials that says it is online and answers nothing.
 * `release` disconnects what still runs and forgets the device, so the other specs find the
 * organization as the demo seeded it. `simulator` sets the encoder's pace (short command steps and
 * reboots) or the software it starts on.
 */
export async function spareDevice(
  request: APIRequestContext,
  product: DeviceProduct = 'edgecaster',
  simulator: Pick<
    SimulatedDeviceOptions,
    'commandStepMs' | 'rebootDelayMs' | 'versions' | 'metricsIntervalMs' | 'localApi'
  > = {},
) {
  const headers = await demoOrgHeaders(request);
  const provisioned = await request.post('/v1/provisioning/devices', {
    headers,
    data: { count: 1, product_name: product },
  });
  expect(provisioned.status()).toBe(201);
  const { devices, mqtt_url } = (await provisioned.json()) as {
    devices: ProvisionedDevice[];
    mqtt_url: string;
  };
  const device = devices[0]!;
  const adopted = await request.post('/v1/devices/adopt', {
    headers,
    params: { serial_number: device.serial_number, device_guid: device.device_guid },
  });
  expect(adopted.ok()).toBe(true);

  const online = async () => {
    const response = await request.get(`/v1/devices/${device.device_guid}`, { headers });
    return ((await response.json()) as { device: Device }).device.online;
  };
  const simulated = new SimulatedDevice({
    device,
    mqttUrl: mqtt_url,
    metricsIntervalMs: 0,
    stateIntervalMs: 0,
    ...simulator,
  });
  let running: SimulatedDevice | null = simulated;
  let silent: MqttClient | null = null;
  await simulated.start();
  await expect.poll(online, { message: 'the spare device comes online' }).toBe(true);

  /** The simulated encoder shuts down (it says it goes offline) and the console records it offline. */
  const goOffline = async () => {
    await running?.stop();
    running = null;
    await expect.poll(online, { message: 'the spare device goes offline' }).toBe(false);
  };

  return {
    device,
    goOffline,
    /** From now on the simulated encoder refuses every set without applying it (a rollout stops on it). */
    rejectSets() {
      simulated.setAnswers = 'reject';
    },
    /** The simulated encoder starts again, and gets what was sent to it while it was offline. */
    async comeBack() {
      await simulated.start();
      running = simulated;
      await expect.poll(online, { message: 'the spare device comes back online' }).toBe(true);
    },
    /**
     * In place of the simulated encoder, a client with the device's credentials that announces the
     * device online and subscribes to nothing: commands reach the broker and are never answered.
     */
    async goSilent() {
      await goOffline();
      const topic = deviceTopics(device.device_guid).connection;
      silent = await mqtt.connectAsync(mqtt_url, {
        clientId: device.device_guid,
        username: device.mqtt_username,
        password: device.mqtt_password,
        reconnectPeriod: 0,
        will: { topic, payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
      });
      await silent.publishAsync(
        topic,
        JSON.stringify({ online: true, timestamp: new Date().toISOString() }),
        {
          qos: 1,
          retain: true,
        },
      );
      await expect.poll(online, { message: 'the silent device is online' }).toBe(true);
    },
    async release() {
      if (silent) {
        const topic = deviceTopics(device.device_guid).connection;
        await silent.publishAsync(topic, JSON.stringify({ online: false }), { qos: 1, retain: true });
        await silent.endAsync();
      }
      await running?.stop();
      const forgotten = await request.delete(`/v1/devices/${device.device_guid}`, {
        headers,
        data: { reason: 'A browser test is done with it' },
      });
      expect(forgotten.ok()).toBe(true);
    },
  };
}
