import net from 'node:net';
import {
  connectionMessageSchema,
  deviceTopics,
  reportedMessageSchema,
  shadowResultMessageSchema,
  stateMessageSchema,
} from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { systemShadowStateSchema } from '@ec/contract/shadow-documents/system';
import { SHADOW_NAMES } from '@ec/contract/shadows';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from './simulated-device.ts';

let broker: Aedes;
let server: net.Server;
let url: string;
let cloud: MqttClient;
const received: { topic: string; payload: unknown }[] = [];
const running: SimulatedDevice[] = [];

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = net.createServer({ noDelay: true }, broker.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  cloud = await mqtt.connectAsync(url, { clientId: 'cloud' });
  await cloud.subscribeAsync('ec/devices/#', { qos: 1 });
  cloud.on('message', (topic, payload) => received.push({ topic, payload: JSON.parse(payload.toString()) }));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((device) => device.stop()));
});
afterAll(async () => {
  await cloud.endAsync();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let serial = 0;
function newDevice(product: ProvisionedDevice['product_name'] = 'edgecaster'): SimulatedDevice {
  serial += 1;
  const guid = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  const device = new SimulatedDevice({
    device: {
      device_guid: guid,
      serial_number: `1000-${String(serial).padStart(4, '0')}`,
      product_name: product,
      mac_address: '02:00:00:00:00:01',
      mqtt_username: guid,
      mqtt_password: 'x',
    },
    mqttUrl: url,
    applyDelayMs: 0,
    metricsIntervalMs: 0,
    stateIntervalMs: 0,
  });
  running.push(device);
  return device;
}

async function waitFor(topic: string, match: (payload: never) => boolean = () => true) {
  for (let i = 0; i < 250; i++) {
    const found = received.find((m) => m.topic === topic && match(m.payload as never));
    if (found) return found.payload;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing on ${topic}`);
}

async function send(device: SimulatedDevice, command: Record<string, unknown>) {
  const guid = `command-${Math.random()}`;
  await cloud.publishAsync(
    deviceTopics(device.device.device_guid).shadowCommand,
    JSON.stringify({ command_guid: guid, ...command }),
    { qos: 1 },
  );
  return shadowResultMessageSchema.parse(
    await waitFor(
      deviceTopics(device.device.device_guid).shadowResult,
      (p: { command_guid: string }) => p.command_guid === guid,
    ),
  );
}

describe('simulated device', () => {
  it('announces itself: online, its state and six shadow documents that follow the contract', async () => {
    const device = newDevice('edgecaster_max');
    await device.start();
    const topics = deviceTopics(device.device.device_guid);
    expect(connectionMessageSchema.parse(await waitFor(topics.connection)).online).toBe(true);
    expect(stateMessageSchema.parse(await waitFor(topics.state)).firmware_version).toBe('v11.2.1');
    for (const name of SHADOW_NAMES)
      expect(reportedMessageSchema.parse(await waitFor(topics.reported(name))).version).toBe(1);
    const system = reportedMessageSchema.parse(await waitFor(topics.reported('System')));
    expect(systemShadowStateSchema.parse(system.state).config.device_name).toBe(
      `Edgecaster Max ${device.device.serial_number}`,
    );
    const inputs = device.shadow('Inputs').state.inputs as unknown[];
    expect(inputs).toHaveLength(2);
  });

  it('applies a set at the current version, bumps the version and reports it', async () => {
    const device = newDevice();
    await device.start();
    const config = { ...(device.shadow('System').state.config as object), device_name: 'Stage left' };
    const result = await send(device, {
      command_type: 'set',
      shadow_name: 'System',
      target_version: 1,
      state: { config },
    });
    expect(result).toMatchObject({ result: 'succeeded', current_version: 2 });
    expect((result.state as { config: { device_name: string } }).config.device_name).toBe('Stage left');
    expect((result.state as { status: unknown }).status).toEqual(device.shadow('System').state.status);
  });

  it("refuses a stale version with 'Config mismatch!' and an invalid System config", async () => {
    const device = newDevice();
    await device.start();
    const config = device.shadow('System').state.config as object;
    const stale = await send(device, {
      command_type: 'set',
      shadow_name: 'System',
      target_version: 7,
      state: { config },
    });
    expect(stale).toMatchObject({ result: 'failed', message: 'Config mismatch!', current_version: 1 });
    const invalid = await send(device, {
      command_type: 'set',
      shadow_name: 'System',
      target_version: 1,
      state: { config: { ...config, device_name: '' } },
    });
    expect(invalid).toMatchObject({ result: 'failed', error_code: 'INVALID_CONFIG' });
    expect(invalid.message).toContain('Device name is required');
    expect(device.shadow('System').version).toBe(1);
  });

  it('creates a new output with the next id, its defaults filled, and streams it', async () => {
    const device = newDevice();
    await device.start();
    const outputs = device.shadow('Outputs').state.outputs as { id: number; type: string; config: object }[];
    const rtsp = {
      id: false,
      type: 'rtsp',
      config: { enable: true, name: 'New RTSP', sources: { video: [1], audio: [], data: [] } },
    };
    const result = await send(device, {
      command_type: 'set',
      shadow_name: 'Outputs',
      target_version: 1,
      state: { outputs: [...outputs.map(({ id, type, config }) => ({ id, type, config })), rtsp] },
    });
    expect(result).toMatchObject({ result: 'succeeded', current_version: 2 });
    const after = device.shadow('Outputs').state.outputs as { id: number; status: unknown }[];
    expect(after.at(-1)).toMatchObject({
      id: Math.max(...outputs.map((o) => o.id)) + 1,
      config: { name: 'New RTSP', server_port: 554 },
      status: { status_code: 'STREAM_RUNNING' },
    });
  });

  it('refuses a set its registry schema refuses, for any shadow', async () => {
    const device = newDevice();
    await device.start();
    const invalid = await send(device, {
      command_type: 'set',
      shadow_name: 'Encoders',
      target_version: 1,
      state: { encoders: [{ id: 1, type: 'video', config: { name: 'V', selected_codec: 'VP9' } }] },
    });
    expect(invalid).toMatchObject({ result: 'failed', error_code: 'INVALID_CONFIG' });
    expect(invalid.message).toContain('encoders.0.config.selected_codec');
    expect(device.shadow('Encoders').version).toBe(1);
  });

  it('answers a get with the current document', async () => {
    const device = newDevice();
    await device.start();
    const result = await send(device, { command_type: 'get', shadow_name: 'Outputs' });
    expect(result).toMatchObject({
      result: 'succeeded',
      current_version: 1,
      state: device.shadow('Outputs').state,
    });
  });

  it('goes offline: the last will when the connection drops, its own message on a clean stop', async () => {
    const dropped = newDevice();
    await dropped.start();
    const topic = deviceTopics(dropped.device.device_guid).connection;
    await waitFor(topic, (p: { online: boolean }) => p.online);
    dropped.kill();
    expect(await waitFor(topic, (p: { online: boolean }) => !p.online)).toEqual({ online: false });

    const stopped = newDevice();
    await stopped.start();
    await stopped.stop();
    await waitFor(deviceTopics(stopped.device.device_guid).connection, (p: { online: boolean }) => !p.online);
  });
});
