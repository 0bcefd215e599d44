import os from 'node:os';
import { parseArgs } from 'node:util';
import { startSimulatedFleet } from '@ec/simulator/fleet';
import { DEMO_ADDON_PROFILES } from '../src/demo/demo-profiles.ts';
import { machineLabel, serverCpuMs, setupLabel, sleep, startBenchConsole } from './bench-console.ts';

/**
 * npm run bench:licenses [-- --devices N]: a licence change reaching 1000 devices. 1000 simulated Edgecasters online in
 * one organization; an unlimited organization licence of the demo's Zixi add-on is created, then
 * deleted. Each change is timed from its call until (a) the server reads the new value for every
 * device (GET /entitlements/devices/{guid}) and (b) every device has received it over MQTT. Budget
 * (issue 27): 10 s for both. Prints the figures, the server's CPU time over each change and the load
 * average (the machine is shared).
 */
const { values } = parseArgs({ options: { devices: { type: 'string', default: '1000' } } });
const DEVICES = Number(values.devices);
const BUDGET_MS = 10_000;
const ZIXI = 'daemon.output.zixi.limit';
const GRANTED = DEMO_ADDON_PROFILES.edgecaster.zixi;

async function main() {
  const bench = await startBenchConsole();
  const { call, orgGuid, server } = bench;
  const fleet = { stop: async () => {} };
  try {
    const provisioned = await bench.provisionDevices(DEVICES, 'edgecaster');
    const started = await startSimulatedFleet(provisioned.devices, provisioned.mqtt_url, {
      metricsIntervalMs: 0,
      stateIntervalMs: 0,
      applyDelayMs: 0,
      concurrency: 200,
    });
    Object.assign(fleet, started);
    const devices = started.devices;
    const guids = provisioned.devices.map((device) => device.device_guid);
    // Every device has been sent its entitlements on connecting.
    while (devices.some((device) => device.entitlements === undefined)) await sleep(100);

    /** Times one change until the server reads `value` for every device, and every device has it. */
    async function timeChange(name: string, change: () => Promise<unknown>, value: number) {
      const load = os.loadavg()[0]!;
      const cpuBefore = serverCpuMs(server.pid!);
      const start = performance.now();
      const deviceReceipt = (async () => {
        while (devices.some((device) => device.entitlements?.properties[ZIXI] !== value)) {
          if (performance.now() - start > 60_000) throw new Error(`${name}: devices not told in 60 s`);
          await sleep(10);
        }
        return performance.now() - start;
      })();
      await change();
      const answeredMs = performance.now() - start;
      let pending = guids;
      while (pending.length > 0) {
        const read = await Promise.all(
          pending.map(async (guid) => {
            const { properties } = await call('GET', `/entitlements/devices/${guid}`, undefined, orgGuid);
            return properties[ZIXI] === value ? undefined : guid;
          }),
        );
        pending = read.filter((guid): guid is string => guid !== undefined);
      }
      const serverMs = performance.now() - start;
      const receiptMs = await deviceReceipt;
      const cpuMs = serverCpuMs(server.pid!) - cpuBefore;
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `${name}: call answered in ${seconds(answeredMs)}; every device's entitlements read by the server ` +
          `within ${seconds(serverMs)} (including ${DEVICES} reads), received by every device within ` +
          `${seconds(receiptMs)}; server CPU ${seconds(cpuMs)}; load average ${load.toFixed(1)}`,
      );
      return Math.max(serverMs, receiptMs);
    }

    let licenseId = '';
    const created = await timeChange(
      'licence created',
      async () => {
        ({ license_id: licenseId } = await call('POST', '/entitlements/licenses', {
          profile_guid: DEMO_ADDON_PROFILES.edgecaster.guid,
          org_guid: orgGuid,
          unlimited: true,
          license_name: 'Bench',
        }));
      },
      GRANTED,
    );
    const deleted = await timeChange(
      'licence deleted',
      () => call('DELETE', `/entitlements/licenses/${licenseId}`, { reason: 'Bench over' }),
      0,
    );
    console.log(
      `Licences bench (${setupLabel()}, ${machineLabel()}): ${DEVICES} devices, budget ${BUDGET_MS / 1000} s`,
    );
    if (Math.max(created, deleted) > BUDGET_MS) process.exitCode = 1;
  } finally {
    await fleet.stop();
    await bench.stop();
  }
}

await main();
