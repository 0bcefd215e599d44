import { parseArgs } from 'node:util';
import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { LiveEvent } from '@ec/contract/live';
import { systemState } from '@ec/simulator/initial-shadows';
import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { connectMqtt } from '../src/device-link/mqtt-client.ts';
import { machineLabel, percentile, rssMiB, setupLabel, sleep, startBenchConsole } from './bench-console.ts';
import { addToBenchSection } from './bench-report.ts';

/**
 * `npm run bench:history`: the console as its own process and N devices (plain MQTT clients with the
 * devices' credentials) that each report a new version of their System shadow every second, as a
 * device changed on its own does. Measures whether ingestion keeps up with the version history written
 * beside each report (reports sent, stored within the window, backlog at its end and how long it took
 * to drain, each report's delay from publish until the live channel says it is stored) and
 * GET .../shadows/System/versions under that load. Writes a row to docs/benchmarks.md.
 *   --devices N (1000)  --seconds N (60; fewer for a quick run)
 *   DATABASE_URL / MQTT_URL in the environment run it against PostgreSQL and an external broker.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
  },
});
const deviceCount = Number(values.devices);
const seconds = Number(values.seconds);
const DRAIN_TIMEOUT_MS = 120_000;
/** The pause between two history reads: about ten a second, as people browsing histories would. */
const READ_PAUSE_MS = 100;

interface BenchDevice {
  device: ProvisionedDevice;
  client: MqttClient;
  /** When each version was published (performance.now()), by version. */
  sentAt: Map<number, number>;
  stored: Set<number>;
}

async function connectDevices(devices: readonly ProvisionedDevice[], mqttUrl: string) {
  const connected: BenchDevice[] = [];
  for (let i = 0; i < devices.length; i += 100) {
    const batch = await Promise.all(
      devices.slice(i, i + 100).map(async (device) => {
        const client = await connectMqtt(mqttUrl, {
          clientId: device.device_guid,
          username: device.mqtt_username,
          password: device.mqtt_password,
          reconnectPeriod: 0,
        });
        await client.publishAsync(
          deviceTopics(device.device_guid).connection,
          JSON.stringify({ online: true, timestamp: new Date().toISOString() }),
          { qos: 1 },
        );
        return { device, client, sentAt: new Map(), stored: new Set<number>() };
      }),
    );
    connected.push(...batch);
  }
  return connected;
}

async function main() {
  const bench = await startBenchConsole();
  const { base, call, token, orgGuid, server } = bench;
  const provisioned = await bench.provisionDevices(deviceCount);
  const devices = await connectDevices(provisioned.devices, provisioned.mqtt_url);
  for (let online = 0; online < deviceCount; ) {
    online = (await call('GET', '/devices/status', undefined, orgGuid)).status.total_online;
    if (online < deviceCount) await sleep(100);
  }
  console.log(`${deviceCount} devices online; reporting for ${seconds} s`);

  // The device list's live channel tells of every stored report, after its statement (and so its
  // history row) is committed.
  const byGuid = new Map(devices.map((d) => [d.device.device_guid, d]));
  const storeDelays: number[] = [];
  let storedCount = 0;
  let lastStoredAt = 0;
  const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString()) as LiveEvent;
    if (event.type !== 'shadow.reported' || event.shadow_name !== 'System') return;
    const device = byGuid.get(event.device_guid);
    const sentAt = device?.sentAt.get(event.version);
    if (!device || sentAt === undefined || device.stored.has(event.version)) return;
    device.stored.add(event.version);
    lastStoredAt = performance.now();
    storeDelays.push(lastStoredAt - sentAt);
    storedCount++;
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'hello', access_token: token, org_guid: orgGuid }));
  await new Promise((resolve) => socket.once('message', resolve));

  const documents = new Map(devices.map((d) => [d, systemState(d.device, '192.168.1.10')]));
  let sent = 0;
  const publish = (device: BenchDevice, version: number) => {
    const base = documents.get(device)!;
    const state = { ...base, config: { ...base.config, device_name: `Bench ${version}` } };
    device.sentAt.set(version, performance.now());
    device.client.publish(
      deviceTopics(device.device.device_guid).reported('System'),
      JSON.stringify({ state, version, timestamp: new Date().toISOString() }),
      { qos: 1 },
    );
    sent++;
  };

  // Each device reports once a second, the devices spread evenly over the second.
  const start = performance.now();
  const end = start + seconds * 1000;
  const due = devices.map((_, i) => start + (i * 1000) / deviceCount);
  const versions = devices.map(() => 0);
  const reporting = (async () => {
    while (performance.now() < end) {
      const now = performance.now();
      devices.forEach((device, i) => {
        while (due[i]! <= now && due[i]! < end) {
          publish(device, ++versions[i]!);
          due[i]! += 1000;
        }
      });
      await sleep(5);
    }
  })();

  const reads: number[] = [];
  const reading = (async () => {
    while (performance.now() < end) {
      const device = devices[Math.floor(Math.random() * devices.length)]!;
      const t0 = performance.now();
      await call('GET', `/devices/${device.device.device_guid}/shadows/System/versions`, undefined, orgGuid);
      reads.push(performance.now() - t0);
      await sleep(READ_PAUSE_MS);
    }
  })();
  await Promise.all([reporting, reading]);
  const windowEnd = performance.now();
  const storedInWindow = storedCount;
  const memory = rssMiB(server.pid!);
  console.log(`window over: ${sent} sent, ${storedInWindow} stored`);

  while (storedCount < sent && performance.now() - windowEnd < DRAIN_TIMEOUT_MS) await sleep(50);
  const drainedSeconds = storedCount < sent ? Number.NaN : Math.max(0, lastStoredAt - windowEnd) / 1000;

  // The histories are complete: a few devices' versions read back in full.
  for (const device of devices.slice(0, 5)) {
    const { versions: kept } = await call(
      'GET',
      `/devices/${device.device.device_guid}/shadows/System/versions?pagination_size=1000`,
      undefined,
      orgGuid,
    );
    if (kept.length !== seconds) throw new Error(`${device.device.device_guid} kept ${kept.length} versions`);
  }

  socket.close();
  await Promise.all(devices.map((d) => d.client.endAsync()));
  await bench.stop();

  storeDelays.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  const figures = {
    setup: setupLabel(),
    devices: deviceCount,
    seconds,
    sent,
    storedInWindow,
    backlog: sent - storedInWindow,
    drained: Number.isNaN(drainedSeconds)
      ? `not in ${DRAIN_TIMEOUT_MS / 1000} s`
      : `${drainedSeconds.toFixed(2)} s`,
    storeP50: percentile(storeDelays, 50).toFixed(1),
    storeP95: percentile(storeDelays, 95).toFixed(1),
    storeMax: storeDelays.at(-1)!.toFixed(0),
    reads: reads.length,
    readP50: percentile(reads, 50).toFixed(1),
    readP95: percentile(reads, 95).toFixed(1),
    serverRssMiB: memory.toFixed(0),
  };
  console.log(figures);
  writeReport(figures);
  process.exit(0);
}

const INTRO = `## Shadow version history

Written by \`npm run bench:history\` (apps/server/bench/history.bench.ts): the console started as its own
process, N devices provisioned and adopted through the API, then each device (a plain MQTT client with
its credentials, in the bench process) reports a new version of its System shadow every second, the
devices spread over the second, for the window's length. Each report is stored with its history row in
one statement. "Stored in the window" counts the reports the device list's live channel announced stored
before the window ended; the backlog is what was sent but not yet stored then, and "drained after" is
when the last one was stored. The store delay runs from a report's publish until the live channel
announces it. The history read is \`GET /v1/devices/{guid}/shadows/System/versions\` (a page of 50) for
a random device, about ten a second during the window. Budget: no backlog that grows (the window's
reports stored within seconds of its end), history read p95 under 50 ms.

Run: \`npm run bench:history\` (defaults \`--devices 1000 --seconds 60\`; \`--seconds 10\` for a quick run).

| date | machine | setup | devices | window | reports sent | stored in the window | backlog at the end | drained after | store delay p50 | p95 | max | history reads | read p50 | p95 | server RSS |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`;

function writeReport(f: Record<string, string | number>) {
  const row = `| ${new Date().toISOString().slice(0, 10)} | ${machineLabel()} | ${f.setup} | ${f.devices} | ${f.seconds} s | ${f.sent} | ${f.storedInWindow} | ${f.backlog} | ${f.drained} | ${f.storeP50} ms | ${f.storeP95} ms | ${f.storeMax} ms | ${f.reads} | ${f.readP50} ms | ${f.readP95} ms | ${f.serverRssMiB} MiB |`;
  addToBenchSection('history', INTRO, row);
}

await main();
