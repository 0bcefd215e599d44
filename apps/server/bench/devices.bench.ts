import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FINISHED_COMMAND_STATES } from '@ec/contract/device-command-states';
import { deviceSubscription, type LiveEvent } from '@ec/contract/live';
import { startSimulatedFleet } from '@ec/simulator/fleet';
import WebSocket from 'ws';
import {
  machineLabel,
  percentile,
  root,
  rssMiB,
  serverCpuMs,
  setupLabel,
  sleep,
  startBenchConsole,
} from './bench-console.ts';

/**
 * `npm run bench`: starts the console as its own process, N simulated devices, and measures the time
 * until all are online, the server's memory, and the shadow set round trip (API call until the live
 * channel reports the finished command). Writes the figures to docs/benchmarks.md.
 *   --devices N (1000)  --commands N (500)  --concurrency N (1000 devices starting at once)
 *   DATABASE_URL / MQTT_URL in the environment run it against PostgreSQL and an external broker.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    commands: { type: 'string', default: '500' },
    /** Devices starting at once; a real fleet's devices all start on their own. */
    concurrency: { type: 'string', default: '1000' },
  },
});
const deviceCount = Number(values.devices);
const commandCount = Number(values.commands);

/** The guid of a shadow or device command the event reports finished. */
function finishedCommandOf(event: LiveEvent): string | undefined {
  if (event.type === 'shadow.command' && event.command_state !== 'pending') return event.command_guid;
  if (event.type === 'device.command' && FINISHED_COMMAND_STATES.includes(event.state))
    return event.command_guid;
  return undefined;
}
async function main() {
  const bench = await startBenchConsole();
  const { base, call, token, orgGuid, server } = bench;
  const provisioned = await bench.provisionDevices(deviceCount);

  const started = performance.now();
  const fleet = await startSimulatedFleet(provisioned.devices, provisioned.mqtt_url, {
    metricsIntervalMs: 0,
    stateIntervalMs: 0,
    applyDelayMs: 0,
    concurrency: Number(values.concurrency),
  });
  const connectedSeconds = (performance.now() - started) / 1000;
  let online = 0;
  while (online < deviceCount) {
    online = (await call('GET', '/devices/status', undefined, orgGuid)).status.total_online;
    if (online < deviceCount) await sleep(50);
    if (performance.now() - started > 120_000)
      throw new Error(`only ${online} of ${deviceCount} online after 120 s`);
  }
  const onlineSeconds = (performance.now() - started) / 1000;
  const memory = rssMiB(server.pid!);
  console.log(
    `all connected in ${connectedSeconds.toFixed(2)} s, all online in ${onlineSeconds.toFixed(2)} s`,
  );

  const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
  // The live event may overtake the HTTP answer, so finished guids are remembered until claimed.
  const finished = new Map<string, () => void>();
  const finishedEarly = new Set<string>();
  socket.on('message', (data) => {
    const guid = finishedCommandOf(JSON.parse(data.toString()) as LiveEvent);
    if (!guid) return;
    const waiter = finished.get(guid);
    if (waiter) waiter();
    else finishedEarly.add(guid);
  });
  /** Milliseconds from sending a command until the live channel reports it finished. */
  const roundTrip = async (send: () => Promise<string>) => {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      void send().then((guid) => {
        if (finishedEarly.delete(guid)) return resolve();
        finished.set(guid, () => {
          finished.delete(guid);
          resolve();
        });
      });
    });
    return performance.now() - t0;
  };
  await new Promise((resolve) => socket.once('open', resolve));
  const targets = provisioned.devices.slice(0, Math.min(50, deviceCount));
  // The bench follows the devices it sends commands to, as a device page does.
  const subscriptions = targets.map((device) => deviceSubscription(device.device_guid));
  socket.send(JSON.stringify({ type: 'hello', access_token: token, org_guid: orgGuid, subscriptions }));
  await new Promise((resolve) => socket.once('message', resolve));

  const versions = new Map<string, { version: number; state: Record<string, unknown> }>();
  for (const device of targets) {
    // Being online comes first; the reported documents may still be on their way.
    let reported: { current_version: number; state: Record<string, unknown> } | undefined;
    while (!reported) {
      const { shadows } = await call(
        'GET',
        `/devices/${device.device_guid}/shadows?shadow_names=System`,
        undefined,
        orgGuid,
      );
      reported = shadows[0]?.reported ?? undefined;
      if (!reported) await sleep(50);
    }
    versions.set(device.device_guid, { version: reported.current_version, state: reported.state });
  }
  const roundTrips: number[] = [];
  const cpuBeforeSets = serverCpuMs(server.pid!);
  for (let i = 0; i < commandCount; i++) {
    const device = targets[i % targets.length]!;
    const current = versions.get(device.device_guid)!;
    const config = { ...(current.state.config as Record<string, unknown>), device_name: `Bench ${i}` };
    roundTrips.push(
      await roundTrip(async () => {
        const answer = await call(
          'POST',
          `/devices/${device.device_guid}/shadows/commands`,
          {
            command_type: 'set',
            commands: [{ shadow_name: 'System', target_version: current.version, state: { config } }],
          },
          orgGuid,
        );
        return answer.commands[0].command_guid as string;
      }),
    );
    versions.set(device.device_guid, { version: current.version + 1, state: { ...current.state, config } });
  }
  // The server's CPU time (every thread) per set: unlike the round trip, it barely moves when other
  // work shares the machine's cores.
  const cpuPerSet = (serverCpuMs(server.pid!) - cpuBeforeSets) / commandCount;
  roundTrips.sort((a, b) => a - b);
  // A device command: ADB over IP on and off, until the device reports it complete.
  const deviceCommandTrips: number[] = [];
  for (let i = 0; i < commandCount; i++) {
    const device = targets[i % targets.length]!;
    deviceCommandTrips.push(
      await roundTrip(async () => {
        const answer = await call(
          'POST',
          `/devices/${device.device_guid}/commands`,
          { command: 'enable_adb', data: i % 2 === 0 },
          orgGuid,
        );
        return answer.command_guid as string;
      }),
    );
  }
  deviceCommandTrips.sort((a, b) => a - b);
  socket.close();
  await fleet.stop();
  await bench.stop();

  const figures = {
    setup: setupLabel(),
    devices: deviceCount,
    connectedSeconds: connectedSeconds.toFixed(2),
    onlineSeconds: onlineSeconds.toFixed(2),
    serverRssMiB: memory.toFixed(0),
    p50: percentile(roundTrips, 50).toFixed(1),
    p95: percentile(roundTrips, 95).toFixed(1),
    cpuPerSet: cpuPerSet.toFixed(1),
    commands: commandCount,
    commandP50: percentile(deviceCommandTrips, 50).toFixed(1),
    commandP95: percentile(deviceCommandTrips, 95).toFixed(1),
  };
  console.log(figures);
  writeReport(figures);
  process.exit(0);
}

function writeReport(f: Record<string, string | number>) {
  const file = path.join(root, 'docs/benchmarks.md');
  const header =
    '# Benchmarks\n\nWritten by `npm run bench` (apps/server/bench/devices.bench.ts). Budget (issue 2): 1000 devices online within 10 s, shadow set round trip p50 under 50 ms.\n\n| date | machine | setup | devices | all connected | all online | server RSS | commands | round trip p50 | p95 | device command p50 | p95 | server CPU per set |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = header;
  }
  const row = `| ${new Date().toISOString().slice(0, 10)} | ${machineLabel()} | ${f.setup} | ${f.devices} | ${f.connectedSeconds} s | ${f.onlineSeconds} s | ${f.serverRssMiB} MiB | ${f.commands} | ${f.p50} ms | ${f.p95} ms | ${f.commandP50} ms | ${f.commandP95} ms | ${f.cpuPerSet} ms |\n`;
  // The row goes under the last row of this table, which the web bench's own section follows.
  const lines = text.split('\n');
  const webSection = lines.findIndex((line) => line.startsWith('<!-- bench:web:start'));
  const tableRows = (webSection < 0 ? lines : lines.slice(0, webSection)).flatMap((line, index) =>
    line.startsWith('| ') ? [index] : [],
  );
  lines.splice((tableRows.at(-1) ?? lines.length - 1) + 1, 0, row.trimEnd());
  writeFileSync(file, lines.join('\n'));
}

await main();
