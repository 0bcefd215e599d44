import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProvisionedDevice } from '@ec/contract/devices';
import mqtt from 'mqtt';
import { startBenchConsole } from './bench-console.ts';
import { addToBenchSection } from './bench-report.ts';
import { startProductionStack } from './production-stack.ts';

/**
 * `npm run bench:provisioning`: device identity on the production broker configuration. A Mosquitto of
 * its own with the device accounts plugin and a fresh PostgreSQL database (production-stack.ts), the console as its own
 * process with MQTT_DEVICE_AUTH=plugin. Provisions 10,000 devices in one call, then 10 × 1,000 more,
 * timing each call, and logs a sample of the devices in with the credentials they were given.
 * Budget (issue 28): 10,000 devices provisioned within 30 s; the last batch costs what the first did.
 */
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

const stack = await startProductionStack('provisioning');
const bench = await startBenchConsole();
try {
  const provision = (count: number) =>
    timed(
      () =>
        bench.call('POST', '/provisioning/devices', { count }) as Promise<{
          devices: ProvisionedDevice[];
          mqtt_url: string;
        }>,
    );
  const [first, oneCall] = await provision(10_000);
  const batches: number[] = [];
  const devices = [...first.devices];
  for (let i = 0; i < 10; i++) {
    const [batch, ms] = await provision(1000);
    batches.push(ms);
    devices.push(...batch.devices);
  }
  // A sample of the 20,000 devices log in with what they were given, the last provisioned among them.
  const sample = [...devices.filter((_, index) => index % 200 === 0), devices.at(-1)!];
  const [, loginMs] = await timed(() =>
    Promise.all(
      sample.map(async (device) => {
        const client = await mqtt.connectAsync(first.mqtt_url, {
          clientId: device.device_guid,
          username: device.mqtt_username,
          password: device.mqtt_password,
          reconnectPeriod: 0,
        });
        await client.endAsync();
      }),
    ),
  );
  const journal = statSync(path.join(stack.brokerDir, 'device-accounts')).size;
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `10,000 in one call: ${seconds(oneCall)}; 1,000 a call: first ${seconds(batches[0]!)}, last ${seconds(batches.at(-1)!)}; ${sample.length} logins ${seconds(loginMs)}; journal ${(journal / 2 ** 20).toFixed(1)} MiB`,
  );
  addToBenchSection(
    'provisioning',
    `## Provisioning on the production broker

Budget (issue 28): 10,000 devices provisioned on the production configuration within 30 s; provisioning
costs the same for the 100,000th device as for the first.

\`npm run bench:provisioning\` (apps/server/bench/provisioning.bench.ts): a Mosquitto of its own from
scripts/start-mosquitto.sh (the device accounts plugin, decision 225), a fresh PostgreSQL database, the
console as its own process with MQTT_DEVICE_AUTH=plugin. 10,000 devices in one call, then 10 calls of
1,000 (devices 10,001 to 20,000), then a sample of the devices logs in with what it was given.

| date (UTC) | machine | load | 10,000 in one call | 1,000: first call | 1,000: last call | logins | accounts journal |
|---|---|---|---|---|---|---|---|`,
    `| ${when} | ${machine} | ${load} | ${seconds(oneCall)} | ${seconds(batches[0]!)} | ${seconds(batches.at(-1)!)} | ${sample.length} in ${seconds(loginMs)} | ${(journal / 2 ** 20).toFixed(1)} MiB for ${devices.length} |`,
  );
} finally {
  await bench.stop();
  await stack.stop();
}
