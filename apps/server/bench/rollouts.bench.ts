import os from 'node:os';
import { templateStateOf } from '@ec/contract/shadow-template-state';
import { startSimulatedFleet } from '@ec/simulator/fleet';
import { machineLabel, percentile, setupLabel, sleep, startBenchConsole } from './bench-console.ts';
import { addToBenchSection } from './bench-report.ts';

/**
 * npm run bench:rollouts: one Inputs change rolled out to 1000 simulated encoders (full documents) in
 * waves of 100 without a pause, from the POST until the rollout reports completed. Budget (issue 26):
 * 30 s. Reports each wave's acknowledgement time (its first set sent until its last device
 * acknowledged: p50 and p95 over the waves) and each device's (sent until acknowledged: p50, p95). Adds
 * a row to its section of docs/benchmarks.md with the load average, as the machine is shared.
 */
const DEVICES = 1000;
const WAVE_SIZE = 100;
const BUDGET_MS = 30_000;

interface RolloutDevice {
  device_guid: string;
  device_state: string;
  sent_at: string | null;
  finished_at: string | null;
}

async function main() {
  const bench = await startBenchConsole();
  const { call, orgGuid } = bench;
  const fleet = { stop: async () => {} };
  try {
    const provisioned = await bench.provisionDevices(DEVICES);
    Object.assign(
      fleet,
      await startSimulatedFleet(provisioned.devices, provisioned.mqtt_url, {
        metricsIntervalMs: 0,
        stateIntervalMs: 0,
        applyDelayMs: 0,
        concurrency: 200,
      }),
    );
    const guids = provisioned.devices.map((device) => device.device_guid);
    // Every device online with its Inputs reported: a set is written against the reported version.
    const inputsOf = async (guid: string) =>
      (await call('GET', `/devices/${guid}/shadows?shadow_names=Inputs`, undefined, orgGuid)).shadows[0]
        ?.reported;
    for (let start = 0; start < guids.length; start += 50) {
      await Promise.all(
        guids.slice(start, start + 50).map(async (guid) => {
          for (let attempt = 0; !(await inputsOf(guid)); attempt++) {
            if (attempt > 600) throw new Error(`${guid} never reported its Inputs`);
            await sleep(100);
          }
        }),
      );
    }
    const state = templateStateOf('Inputs', (await inputsOf(guids[0]!)).state) as {
      inputs: { config: object }[];
    };
    state.inputs[0]!.config = { ...state.inputs[0]!.config, name: 'Bench rollout' };

    const load = os.loadavg()[0]!;
    const started = performance.now();
    const { rollout_guid: rolloutGuid } = await call(
      'POST',
      '/rollouts',
      {
        source: { kind: 'change', shadow_name: 'Inputs', state },
        target: { kind: 'devices', device_guids: guids },
        wave_size: WAVE_SIZE,
        pause_seconds: 0,
        offline_policy: 'skip',
      },
      orgGuid,
    );
    let rolloutState = 'running';
    while (rolloutState === 'running') {
      await sleep(100);
      const { rollouts } = await call('GET', '/rollouts?pagination_size=1', undefined, orgGuid);
      rolloutState = rollouts[0].rollout_state;
      if (performance.now() - started > 180_000) throw new Error('the rollout did not finish in 180 s');
    }
    const totalMs = performance.now() - started;
    const { rollout, waves } = await call('GET', `/rollouts/${rolloutGuid}`, undefined, orgGuid);
    if (rolloutState !== 'completed')
      throw new Error(`the rollout ended ${rolloutState}: ${rollout.stop_reason}`);

    const time = (value: string | null) => (value ? Date.parse(value) : Number.NaN);
    const waveMs = (waves as { devices: RolloutDevice[] }[])
      .map(
        ({ devices }) =>
          Math.max(...devices.map((d) => time(d.finished_at))) -
          Math.min(...devices.map((d) => time(d.sent_at))),
      )
      .sort((a, b) => a - b);
    const deviceMs = (waves as { devices: RolloutDevice[] }[])
      .flatMap(({ devices }) => devices.map((d) => time(d.finished_at) - time(d.sent_at)))
      .sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
    const loadEnd = os.loadavg()[0]!;
    console.log(`Rollouts bench (${setupLabel()}, ${machineLabel()})`);
    console.log(
      `${DEVICES} devices in waves of ${WAVE_SIZE}: completed in ${seconds(totalMs)} (budget ${seconds(BUDGET_MS)}); ` +
        `wave acknowledged p50 ${ms(percentile(waveMs, 50))}, p95 ${ms(percentile(waveMs, 95))}; ` +
        `device acknowledged p50 ${ms(percentile(deviceMs, 50))}, p95 ${ms(percentile(deviceMs, 95))}; ` +
        `load average ${load.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end`,
    );
    addToBenchSection(
      'rollouts',
      INTRO,
      `| ${new Date().toISOString().slice(0, 10)} | ${machineLabel()} | ${setupLabel()} | ${DEVICES} / ${WAVE_SIZE} | ${seconds(totalMs)} | ${ms(percentile(waveMs, 50))} | ${ms(percentile(waveMs, 95))} | ${ms(percentile(deviceMs, 50))} | ${ms(percentile(deviceMs, 95))} | ${load.toFixed(1)} → ${loadEnd.toFixed(1)} |`,
    );
    if (totalMs > BUDGET_MS || rollout.counts.acknowledged !== DEVICES) process.exitCode = 1;
  } finally {
    await fleet.stop();
    await bench.stop();
  }
}

const INTRO = `## Configuration rollout in waves

Budget (issue 26): a change rolled out to 1000 devices in waves of 100 finishes within 30 s, with the
per-wave acknowledgement p95 reported.

\`npm run bench:rollouts\` (apps/server/bench/rollouts.bench.ts): the console started as its own process,
1000 simulated encoders (full documents, no apply delay) provisioned, adopted and online with their
Inputs reported; one Inputs change (the first input renamed) rolled out to all of them in waves of 100
without a pause, timed from the POST until the rollout reports completed. A wave's time runs from its
first set sent to its last device acknowledged; a device's from its set sent to its acknowledgement.
The machine is shared with other work: the load average (1 min) is given at the start and the end.

| date | machine | setup | devices / wave | total | wave p50 | wave p95 | device p50 | device p95 | load |
|---|---|---|---|---|---|---|---|---|---|`;

await main();
