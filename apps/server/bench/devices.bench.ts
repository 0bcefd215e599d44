import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FINISHED_COMMAND_STATES } from '@ec/contract/device-commands';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { deviceSubscription, type LiveEvent } from '@ec/contract/live';
import { startSimulatedFleet } from '@ec/simulator/fleet';
import WebSocket from 'ws';

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
const root = path.resolve(import.meta.dirname, '../../..');

/** The guid of a shadow or device command the event reports finished. */
function finishedCommandOf(event: LiveEvent): string | undefined {
  if (event.type === 'shadow.command' && event.command_state !== 'pending') return event.command_guid;
  if (event.type === 'device.command' && FINISHED_COMMAND_STATES.includes(event.state))
    return event.command_guid;
  return undefined;
}
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const rssMiB = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // Node itself with tsx's loader, so that the measured pid is the server and not a wrapper.
  const server = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DEMO: '1',
        DEMO_DEVICES: '0',
        DEMO_ADMIN_EMAIL: admin.email,
        DEMO_ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
      },
    },
  );
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) return server;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('server did not start');
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/v1`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ec-bench-'));
  const server = await startServer(port, dataDir);
  const call = async (method: string, url: string, body?: unknown, orgGuid?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(orgGuid ? { 'x-org-guid': orgGuid } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  let token = '';
  // The demo admin is seeded just after the server starts listening.
  for (let attempt = 1; !token; attempt++) {
    try {
      token = (await call('POST', '/auth/sign-in', admin)).access_token;
    } catch (error) {
      if (attempt === 100) throw error;
      await sleep(100);
    }
  }
  const { org_guid: orgGuid } = await call('POST', '/orgs', { org_name: 'Bench' });
  const provisioned: { devices: ProvisionedDevice[]; mqtt_url: string } = await call(
    'POST',
    '/provisioning/devices',
    { count: deviceCount },
  );
  for (let i = 0; i < provisioned.devices.length; i += 25) {
    await Promise.all(
      provisioned.devices
        .slice(i, i + 25)
        .map((d) => call('POST', `/devices/adopt?serial_number=${d.serial_number}`, undefined, orgGuid)),
    );
  }

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
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });

  const setup = process.env.DATABASE_URL ? 'PostgreSQL + external broker' : 'PGlite + embedded broker';
  const figures = {
    setup,
    devices: deviceCount,
    connectedSeconds: connectedSeconds.toFixed(2),
    onlineSeconds: onlineSeconds.toFixed(2),
    serverRssMiB: memory.toFixed(0),
    p50: percentile(roundTrips, 50).toFixed(1),
    p95: percentile(roundTrips, 95).toFixed(1),
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
    '# Benchmarks\n\nWritten by `npm run bench` (apps/server/bench/devices.bench.ts). Budget (issue 2): 1000 devices online within 10 s, shadow set round trip p50 under 50 ms.\n\n| date | machine | setup | devices | all connected | all online | server RSS | commands | round trip p50 | p95 | device command p50 | p95 |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = header;
  }
  const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const row = `| ${new Date().toISOString().slice(0, 10)} | ${machine} | ${f.setup} | ${f.devices} | ${f.connectedSeconds} s | ${f.onlineSeconds} s | ${f.serverRssMiB} MiB | ${f.commands} | ${f.p50} ms | ${f.p95} ms | ${f.commandP50} ms | ${f.commandP95} ms |\n`;
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
