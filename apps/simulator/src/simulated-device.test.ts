import net from 'node:net';
import {
  connectionMessageSchema,
  deviceTopics,
  reportedMessageSchema,
  shadowResultMessageSchema,
  stateMessageSchema,
} from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { BASE_PROFILES } from '@ec/contract/entitlements/base-profiles';
import { ENCODER_STATUSES } from '@ec/contract/shadow-documents/encoders';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { OUTPUT_STATUSES } from '@ec/contract/shadow-documents/outputs';
import { systemShadowStateSchema, XML_ACTIVE_MESSAGE } from '@ec/contract/shadow-documents/system';
import { CONFIG_MISMATCH, SHADOW_NAMES } from '@ec/contract/shadows';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inputSignal, TEST_PATTERN_FORMAT } from './input-signals.ts';
import { SimulatedDevice, type SimulatedDeviceOptions, VALUE_NOT_APPLIED } from './simulated-device.ts';

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
/**
 * A device of `product`; with `signal`, one whose first input has (true) or has not (false) a source
 * plugged in, found among the next serial numbers (what is plugged in is fixed per serial).
 */
function newDevice(
  product: ProvisionedDevice['product_name'] = 'edgecaster',
  options: Partial<SimulatedDeviceOptions> & { signal?: boolean } = {},
): SimulatedDevice {
  const { signal, ...overrides } = options;
  const serialNumber = () => `1000-${String(serial).padStart(4, '0')}`;
  do serial += 1;
  while (signal !== undefined && (inputSignal(serialNumber(), 0).connector !== null) !== signal);
  const guid = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  const device = new SimulatedDevice({
    device: {
      device_guid: guid,
      serial_number: serialNumber(),
      product_name: product,
      mac_address: '02:00:00:00:00:01',
      partner_id: null,
      mqtt_username: guid,
      mqtt_password: 'x',
    },
    mqttUrl: url,
    applyDelayMs: 0,
    metricsIntervalMs: 0,
    stateIntervalMs: 0,
    streamStartMs: 0,
    ...overrides,
  });
  running.push(device);
  return device;
}

type Entry = {
  id: number;
  type: string;
  config: Record<string, unknown>;
  status?: { status_code?: string | null };
} & Record<string, unknown>;
const listKeys = { Inputs: 'inputs', Encoders: 'encoders', Outputs: 'outputs' } as const;
type ListShadow = keyof typeof listKeys;

/** The entries of a list document as the device holds it now. */
const entries = (device: SimulatedDevice, name: ListShadow) =>
  device.shadow(name).state[listKeys[name]] as Entry[];

/** A set of a list document as the console sends it: every entry as {id, type, config}. */
const setOf = (name: ListShadow, list: Partial<Entry>[], target_version = 1) => ({
  command_type: 'set',
  shadow_name: name,
  target_version,
  state: {
    [listKeys[name]]: list.map(({ id, type, config, hw_channel }) => ({
      id,
      type,
      config,
      ...(name === 'Inputs' ? { hw_channel } : {}),
    })),
  },
});

const output = (type: string, config: Record<string, unknown>) => ({
  id: false as unknown as number,
  type,
  config: { enable: true, name: `${type} out`, sources: { video: [1], audio: [2], data: [] }, ...config },
});

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

  it('refuses what the console refuses: an unknown encoder type, a time zone, a category, an RTMP URL', async () => {
    const device = newDevice();
    await device.start();
    const config = device.shadow('System').state.config as object;
    const alerts = device.shadow('Alerts').state.alerts as object[];
    const refusals = [
      await send(
        device,
        setOf('Encoders', [...entries(device, 'Encoders'), { id: false as never, type: 'foo', config: {} }]),
      ),
      await send(device, {
        command_type: 'set',
        shadow_name: 'System',
        target_version: 1,
        state: { config: { ...config, timezone: 'Mars/Olympus' } },
      }),
      await send(device, {
        command_type: 'set',
        shadow_name: 'Alerts',
        target_version: 1,
        state: { alerts: alerts.map((alert) => ({ ...alert, category: 'org' })) },
      }),
      await send(
        device,
        setOf('Outputs', [
          ...entries(device, 'Outputs'),
          output('rtmp', { service_name: 'generic', service_data: '{"url":"not a url"}' }),
        ]),
      ),
    ];
    expect(refusals.map((refused) => [refused.result, refused.error_code])).toEqual(
      Array(4).fill(['failed', 'INVALID_CONFIG']),
    );
    for (const name of ['Encoders', 'System', 'Alerts', 'Outputs'] as const)
      expect(device.shadow(name).version).toBe(1);
  });

  it('refuses Outputs sets and System settings while its XML configuration is active (spec 3 §6)', async () => {
    const device = newDevice();
    await device.start();
    const config = device.shadow('System').state.config as { xml: object };
    const xml = { ...config.xml, enabled: true, url: 'http://config.example/encoder.xml' };
    const system = (target_version: number, changes: object) => ({
      command_type: 'set',
      shadow_name: 'System',
      target_version,
      state: { config: { ...config, xml, ...changes } },
    });
    expect(await send(device, system(1, {}))).toMatchObject({ result: 'succeeded', current_version: 2 });
    const refusals = [
      await send(device, setOf('Outputs', entries(device, 'Outputs'))),
      await send(device, system(2, { device_name: 'Elsewhere' })),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({ result: 'failed', error_code: 'INVALID_CONFIG' });
      expect(refused.message).toContain(XML_ACTIVE_MESSAGE);
    }
    const off = await send(device, system(2, { device_name: 'Elsewhere', xml: { ...xml, enabled: false } }));
    expect(off).toMatchObject({ result: 'succeeded', current_version: 3 });
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

  it('counts the metrics messages it sent', async () => {
    const device = newDevice('edgecaster', { metricsIntervalMs: 40 });
    await device.start();
    const topic = deviceTopics(device.device.device_guid).metrics;
    await waitFor(topic, () => received.filter((m) => m.topic === topic).length >= 3);
    await device.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(device.metricsSent).toBeGreaterThanOrEqual(3);
    expect(device.metricsSent).toBe(received.filter((m) => m.topic === topic).length);
  });
});

describe('a simulated encoder applies its configuration as one would', () => {
  it('judges a set by its entitlements and product: a second video encoder needs a licence on an Edgecaster', async () => {
    const device = newDevice('edgecaster', { signal: true });
    await device.start();
    const second = {
      id: false as unknown as number,
      type: 'video',
      config: { ...entries(device, 'Encoders')[0]!.config },
    };
    const refused = await send(device, setOf('Encoders', [...entries(device, 'Encoders'), second]));
    expect(refused).toMatchObject({ result: 'failed', error_code: 'INVALID_CONFIG' });
    expect(refused.message).toContain('This device is licensed for 1 video encoder instance(s).');

    const properties = { ...BASE_PROFILES.edgecaster.properties, 'daemon.encoders.video.limit': 2 };
    await cloud.publishAsync(
      deviceTopics(device.device.device_guid).entitlements,
      JSON.stringify({ generated: new Date().toISOString(), properties }),
      { qos: 1 },
    );
    await expect.poll(() => device.entitlements?.properties['daemon.encoders.video.limit']).toBe(2);
    const accepted = await send(device, setOf('Encoders', [...entries(device, 'Encoders'), second]));
    expect(accepted).toMatchObject({ result: 'succeeded', current_version: 2 });
    expect(entries(device, 'Encoders').at(-1)).toMatchObject({ id: 3, status: ENCODER_STATUSES.running });
    // An Edgecaster Max is licensed for two by its base profile.
    const max = newDevice('edgecaster_max');
    await max.start();
    const maxSecond = { ...second, config: { ...entries(max, 'Encoders')[0]!.config } };
    expect(await send(max, setOf('Encoders', [...entries(max, 'Encoders'), maxSecond]))).toMatchObject({
      result: 'succeeded',
    });
  });

  it('starts an enabled output: STARTING in its answer, STREAM_RUNNING shortly after at the same version', async () => {
    const device = newDevice('edgecaster', { signal: true, streamStartMs: 150 });
    await device.start();
    const result = await send(device, setOf('Outputs', [output('rtsp', {})]));
    expect(result).toMatchObject({ result: 'succeeded', current_version: 2 });
    expect((result.state as { outputs: Entry[] }).outputs[0]!.status).toEqual(OUTPUT_STATUSES.starting);
    const reported = await waitFor(
      deviceTopics(device.device.device_guid).reported('Outputs'),
      (p: { version: number; state: { outputs: Entry[] } }) =>
        p.version === 2 && p.state.outputs[0]?.status?.status_code === 'STREAM_RUNNING',
    );
    expect(reported).toMatchObject({ version: 2 });
    expect(device.shadow('Outputs').version).toBe(2);
  });

  it('reports each output by what stops it, and follows its encoder', async () => {
    const device = newDevice('edgecaster', { signal: true });
    await device.start();
    await send(
      device,
      setOf('Outputs', [
        output('srt', { call_mode: 'CALLER', destination_ip: 'srt.example.com', destination_port: 9000 }),
        output('srt', {
          call_mode: 'CALLER',
          destination_ip: 'ingest.example.invalid',
          destination_port: 9000,
        }),
        output('rtsp', { enable: false }),
      ]),
    );
    expect(entries(device, 'Outputs').map((o) => o.status)).toEqual([
      OUTPUT_STATUSES.streaming,
      OUTPUT_STATUSES.remoteUnreachable,
      OUTPUT_STATUSES.notEnabled,
    ]);

    const [video, ...others] = entries(device, 'Encoders');
    const stopped = { ...video!, config: { ...video!.config, active: false } };
    expect(await send(device, setOf('Encoders', [stopped, ...others]))).toMatchObject({
      result: 'succeeded',
    });
    expect(entries(device, 'Encoders')[0]).toMatchObject({ status: ENCODER_STATUSES.idle, active: false });
    // The outputs' document changes with it, at the version the console last set.
    const reported = await waitFor(
      deviceTopics(device.device.device_guid).reported('Outputs'),
      (p: { state: { outputs: Entry[] } }) =>
        p.state.outputs[0]?.status?.status_code === OUTPUT_STATUSES.encoderInactive.status_code,
    );
    expect(reported).toMatchObject({ version: 2 });
    expect(entries(device, 'Outputs')[1]!.status).toEqual(OUTPUT_STATUSES.encoderInactive);
  });

  it('shows FORMAT_UNDEFINED on an input with nothing plugged in; the test pattern brings a picture', async () => {
    const device = newDevice('edgecaster', { signal: false });
    await device.start();
    expect(entries(device, 'Inputs')[0]!.video_input_format).toBe(FORMAT_UNDEFINED);
    expect(entries(device, 'Encoders')[0]).toMatchObject({ status: ENCODER_STATUSES.noInput });

    const [input] = entries(device, 'Inputs');
    const pattern = { ...input!, config: { ...input!.config, video_input_type: 'input_tpg' } };
    expect(await send(device, setOf('Inputs', [pattern]))).toMatchObject({ result: 'succeeded' });
    expect(entries(device, 'Inputs')[0]!.video_input_format).toBe(TEST_PATTERN_FORMAT);
    await waitFor(
      deviceTopics(device.device.device_guid).reported('Encoders'),
      (p: { state: { encoders: { status?: string }[] } }) =>
        p.state.encoders[0]?.status === ENCODER_STATUSES.running,
    );

    const [video, ...others] = entries(device, 'Encoders');
    const slower = { ...video!, config: { ...video!.config, bitrate: 4000 } };
    await send(device, setOf('Encoders', [slower, ...others]));
    const bitrate = entries(device, 'Encoders')[0]!.current_bitrate as number;
    expect(bitrate).toBeGreaterThan(3600);
    expect(bitrate).toBeLessThanOrEqual(4000);
  });

  it("answers 'Config mismatch!' for a value its daemon cannot run, having applied the rest", async () => {
    const set = (device: SimulatedDevice) => {
      const [video, ...others] = entries(device, 'Encoders');
      const strict = {
        ...video!,
        config: { ...video!.config, name: 'Renamed', bitrate_mode: 'constant_strict' },
      };
      return send(device, setOf('Encoders', [strict, ...others]));
    };
    // Strict CBR needs daemon v10.2.1 (spec 3 §9); the registry does not know the device's daemon.
    const old = newDevice('edgecaster', { versions: { daemon: 'v10.2.0' } });
    await old.start();
    const mismatch = await set(old);
    expect(mismatch).toMatchObject({
      result: 'failed',
      message: CONFIG_MISMATCH,
      error_code: VALUE_NOT_APPLIED,
      current_version: 2,
    });
    expect(entries(old, 'Encoders')[0]!.config).toMatchObject({ name: 'Renamed', bitrate_mode: 'constant' });
    await waitFor(
      deviceTopics(old.device.device_guid).reported('Encoders'),
      (p: { version: number }) => p.version === 2,
    );

    const current = newDevice('edgecaster');
    await current.start();
    expect(await set(current)).toMatchObject({ result: 'succeeded', current_version: 2 });
    expect(entries(current, 'Encoders')[0]!.config).toMatchObject({ bitrate_mode: 'constant_strict' });
  });

  it('gives an HTTP pull output the ULL target latency of 4000 ms from daemon v9.5.0 (spec 3 §3.4)', async () => {
    const pull = output('http_pull', { media_container: 'FMP4' });
    for (const [daemon, latency] of [
      ['v9.5.0', 4000],
      ['v9.4.9', undefined],
    ] as const) {
      const device = newDevice('edgecaster', { versions: { daemon } });
      await device.start();
      const answer = await send(device, setOf('Outputs', [...entries(device, 'Outputs'), pull]));
      expect(answer.result).toBe('succeeded');
      expect(entries(device, 'Outputs').at(-1)!.config.ULL_target_latency_ms).toBe(latency);
    }
  });

  it('gives a new entry the fallback of a value its daemon cannot run', async () => {
    const old = newDevice('edgecaster', { versions: { daemon: 'v10.0.9' } });
    await old.start();
    const [video, audio] = entries(old, 'Encoders');
    const opus = {
      id: false as unknown as number,
      type: 'audio',
      config: { ...audio!.config, name: 'Opus', codec: 'opus' },
    };
    // The base licence allows one audio encoder: the new one replaces the AAC one.
    const answer = await send(old, setOf('Encoders', [video!, opus]));
    expect(answer).toMatchObject({ result: 'failed', error_code: VALUE_NOT_APPLIED });
    expect(entries(old, 'Encoders')[1]!.config).toMatchObject({ name: 'Opus', codec: 'mpeg4_aac' });
  });

  it('refuses a latency mode the product does not run before applying anything (spec 3 §9)', async () => {
    const max = newDevice('edgecaster_max');
    await max.start();
    const [video, ...others] = entries(max, 'Encoders');
    const high = { ...video!, config: { ...video!.config, name: 'Renamed', latency_mode: 'HIGH' } };
    expect(await send(max, setOf('Encoders', [high, ...others]))).toMatchObject({
      result: 'failed',
      error_code: 'INVALID_CONFIG',
      message:
        'Invalid configuration: encoders.0.config.latency_mode: Latency Mode must be one of NORMAL, LOWEST on edgecaster_max',
      current_version: 1,
    });
    expect(entries(max, 'Encoders')[0]!.config).toMatchObject({ latency_mode: 'NORMAL' });
    expect(entries(max, 'Encoders')[0]!.config.name).not.toBe('Renamed');
  });
});
