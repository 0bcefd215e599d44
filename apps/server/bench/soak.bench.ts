import os from 'node:os';
import { parseArgs } from 'node:util';
import { startSimulatedFleet } from '@ec/simulator/fleet';
import {
  cpuNow,
  cpuSince,
  cpuWaitMs,
  databaseCpuMeter,
  machineLabel,
  rssMiB,
  serverCpuMs,
  setupLabel,
  sleep,
  startBenchConsole,
} from './bench-console.ts';
import { addToBenchSection } from './bench-report.ts';
import { type CommandOutcome, deviceNameSets, followCommands } from './live-commands.ts';
import { startProductionStack } from './production-stack.ts';
import { compareMetrics, slope, storedMetricsInDatabase, storedMetricsThroughApi } from './soak-counts.ts';
import { waitForStormEnd } from './storm-probes.ts';

/**
 * `npm run bench:soak` (issue 28 item 5): N simulated devices on the console for M minutes, each sending
 * metrics every 10 s, and one shadow set a second (round-robin over 50 devices, followed on the live
 * channel). Every 10 s it samples the server's RSS, CPU and ingest backlog (`GET /health/ready`). At
 * the end it stops the fleet, waits for the backlog to empty (bounded), and checks that nothing was
 * lost: every set succeeded (as the live channel reported it and as the console stored it), every
 * metrics message a device sent was stored (device by device), and RSS stayed flat after warm-up.
 * Writes section `soak` of docs/benchmarks.md; exits 1 when a check fails.
 *   --devices N (10000)  --minutes M (30)  --production (production-stack.ts)
 *   --self-test: one set target ignores its sets and one device sends its CPU reading as null, so
 *   the checks must fail (they are worth nothing if they cannot); nothing is written to the docs.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    minutes: { type: 'string', default: '30' },
    production: { type: 'boolean', default: false },
    'self-test': { type: 'boolean', default: false },
  },
});
const deviceCount = Number(values.devices);
const minutes = Number(values.minutes);
const selfTest = values['self-test'];
const loadBefore = os.loadavg()[0]!.toFixed(1);
const SAMPLE_MS = 10_000;
/** RSS is judged from here on: caches, pools and the JIT settle first. */
const warmUpMinutes = Math.min(5, minutes / 2);
/** RSS is flat when its trend after warm-up stays under this share of the warm-up RSS per 10 minutes. */
const FLAT_SHARE = 0.05;
/** A shorter stretch after warm-up says nothing about a trend (one garbage collection moves it). */
const TREND_MIN_MINUTES = 10;
const DRAIN_LIMIT_MS = 300_000;
const SETS_LIMIT_MS = 60_000;
// The bench's session must outlive the run: the live channel closes when it expires.
process.env.SESSION_TTL_MINUTES = String(Math.max(60, Math.ceil(minutes) + 120));

interface Sample {
  seconds: number;
  rss: number;
  backlog: number | null;
  ready: boolean;
  /** The server's CPU over the last interval, in % of one core. */
  cpu: number;
  /** How long its threads waited for a CPU meanwhile, in % of the interval (summed over threads). */
  wait: number;
}
interface SetRecord {
  deviceGuid: string;
  guid?: string;
  outcome?: CommandOutcome;
  error?: string;
}

async function readiness(base: string) {
  try {
    const response = await fetch(`${base}/health/ready`);
    const body = (await response.json()) as { ingest_backlog: number };
    return { ready: response.ok, backlog: body.ingest_backlog };
  } catch {
    return { ready: false, backlog: null };
  }
}

/**
 * Waits until the backlog reads 0 three times in a row, a second apart; answers the seconds until the
 * first of them, or null when that did not happen within DRAIN_LIMIT_MS.
 */
async function drain(base: string) {
  const started = performance.now();
  let emptySince = 0;
  for (let empty = 0; empty < 3; ) {
    if (performance.now() - started > DRAIN_LIMIT_MS) return null;
    const now = performance.now();
    empty = (await readiness(base)).backlog === 0 ? empty + 1 : 0;
    if (empty === 1) emptySince = now;
    if (empty < 3) await sleep(1000);
  }
  return (emptySince - started) / 1000;
}

async function main() {
  const stack = values.production ? await startProductionStack('soak') : undefined;
  const bench = await startBenchConsole();
  const { base, call, token, orgGuid, server } = bench;
  const pid = server.pid!;
  /** Stops the fleet once, whether the run ends or fails. */
  let stopFleet = async () => {};
  try {
    console.log(`provisioning ${deviceCount} devices`);
    const provisioned = await bench.provisionDevices(deviceCount);
    const targets = provisioned.devices.slice(0, Math.min(50, deviceCount));
    const commands = await followCommands(base, token, orgGuid, targets);
    const { systemOf, setDeviceName } = deviceNameSets(call, orgGuid, commands);

    const fleetStart = new Date();
    let connected = 0;
    const fleetStarted = startSimulatedFleet(provisioned.devices, provisioned.mqtt_url, {
      metricsIntervalMs: SAMPLE_MS,
      concurrency: 1000,
      onProgress: (count) => {
        connected = count;
      },
    });
    stopFleet = async () => {
      stopFleet = async () => {};
      await (await fleetStarted.catch(() => undefined))?.stop();
    };
    await waitForStormEnd(
      call,
      base,
      orgGuid,
      deviceCount,
      () => undefined,
      600_000,
      () => connected,
    );
    const fleet = await fleetStarted;
    if (selfTest) {
      fleet.devices[0]!.setAnswers = 'ignore';
      fleet.devices.at(-1)!.pinReading('cpu_percent_used', Number.NaN);
    }
    for (const device of targets) await systemOf(device.device_guid);

    // The soak: a set a second and a sample every 10 s, for `minutes`.
    console.log(`soak starts: ${deviceCount} devices, ${minutes} min`);
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const cpuBefore = cpuNow(pid, stack);
    const databaseCpu = stack ? databaseCpuMeter(stack.database) : undefined;
    const samples: Sample[] = [];
    const sets: SetRecord[] = [];
    const inFlight = new Set<Promise<void>>();
    let last = { cpu: serverCpuMs(pid), wait: cpuWaitMs(pid), at: performance.now() };
    const sample = async () => {
      databaseCpu?.sample();
      const now = { cpu: serverCpuMs(pid), wait: cpuWaitMs(pid), at: performance.now() };
      const cpu = ((now.cpu - last.cpu) / (now.at - last.at)) * 100;
      const wait = ((now.wait - last.wait) / (now.at - last.at)) * 100;
      last = now;
      const { ready, backlog } = await readiness(base);
      const taken = { seconds: elapsed(), rss: rssMiB(pid), backlog, ready, cpu, wait };
      samples.push(taken);
      const finished = sets.filter((set) => set.outcome).length;
      console.log(
        `${(taken.seconds / 60).toFixed(1)} min: RSS ${taken.rss.toFixed(0)} MiB, backlog ${backlog}, CPU ${cpu.toFixed(0)} % (waited ${wait.toFixed(0)} %), sets ${sets.length} sent, ${finished} finished`,
      );
    };
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    const setTicker = setInterval(() => {
      const device = targets[sets.length % targets.length]!;
      const record: SetRecord = { deviceGuid: device.device_guid };
      sets.push(record);
      const running = setDeviceName(device.device_guid, `Soak ${sets.length}`, (guid) => {
        record.guid = guid;
      })
        .then((outcome) => {
          record.outcome = outcome;
        })
        .catch((error: Error) => {
          record.error = error.message;
        })
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }, 1000);
    await sleep(minutes * 60_000);
    clearInterval(setTicker);
    clearInterval(sampler);
    await Promise.race([Promise.all(inFlight), sleep(SETS_LIMIT_MS)]);
    await sample();
    const cpu = {
      ...cpuSince(cpuBefore, cpuNow(pid, stack)),
      database: databaseCpu?.seconds() ?? '0.0',
    };
    const soakSeconds = elapsed();

    // The end: the fleet stops sending, the console stores what it received, then the counts.
    await stopFleet();
    const drainedSeconds = await drain(base);
    await sleep(2000);
    // Not zero when the drain ran out of time: those messages were not stored yet, not lost for sure.
    const backlogAtCount = (await readiness(base)).backlog;
    const sent = new Map(fleet.devices.map((device) => [device.device.device_guid, device.metricsSent]));
    const stored = stack
      ? await storedMetricsInDatabase(stack.databaseUrl)
      : await storedMetricsThroughApi(
          call,
          orgGuid,
          provisioned.devices.map((d) => d.device_guid),
          fleetStart,
        );
    const metrics = compareMetrics(sent, stored);
    const storedStates = await storedSetStates(call, orgGuid, sets);
    commands.close();
    const figures = summarize({
      samples,
      sets,
      storedStates,
      metrics,
      cpu,
      soakSeconds,
      drainedSeconds,
      backlogAtCount,
      liveClosedAt: commands.closedAt(),
    });
    console.log(JSON.stringify(figures, null, 2));
    if (selfTest)
      console.log(figures.passed ? 'SELF-TEST FAILED: the checks passed' : 'self-test: the checks failed');
    else writeReport(figures);
    process.exitCode = figures.passed === !selfTest ? 0 : 1;
  } finally {
    await stopFleet();
    await bench.stop();
    await stack?.stop();
  }
}

/** Each set's state as the console stored it (GET .../shadows/commands/{guid}), by state. */
async function storedSetStates(
  call: Awaited<ReturnType<typeof startBenchConsole>>['call'],
  orgGuid: string,
  sets: readonly SetRecord[],
) {
  const states: Record<string, number> = {};
  for (let i = 0; i < sets.length; i += 25) {
    await Promise.all(
      sets.slice(i, i + 25).map(async (set) => {
        let state = 'not sent';
        if (set.guid) {
          const url = `/devices/${set.deviceGuid}/shadows/commands/${set.guid}`;
          state = (await call('GET', url, undefined, orgGuid)).command.command_state;
        }
        states[state] = (states[state] ?? 0) + 1;
      }),
    );
  }
  return states;
}

function countBy<T>(items: readonly T[], key: (item: T) => string) {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, count]) => `${count} ${state}`)
    .join(', ');

function summarize(run: {
  samples: Sample[];
  sets: SetRecord[];
  storedStates: Record<string, number>;
  metrics: ReturnType<typeof compareMetrics>;
  cpu: ReturnType<typeof cpuSince>;
  soakSeconds: number;
  drainedSeconds: number | null;
  backlogAtCount: number | null;
  liveClosedAt: Date | undefined;
}) {
  const { samples, sets, metrics } = run;
  const atWarmUp = samples.find((s) => s.seconds >= warmUpMinutes * 60) ?? samples[0]!;
  const last = samples.at(-1)!;
  const afterWarmUp = samples.filter((s) => s.seconds >= atWarmUp.seconds);
  const slopePer10Min = slope(afterWarmUp.map((s) => ({ x: s.seconds, y: s.rss }))) * 600;
  const backlogs = samples.map((s) => s.backlog ?? Number.NaN);
  const live = countBy(sets, (set) => set.outcome?.state ?? (set.error ? 'send failed' : 'unfinished'));
  const setsPassed = (live.succeeded ?? 0) === sets.length && run.storedStates.succeeded === sets.length;
  const metricsPassed =
    metrics.lost === 0 && metrics.extra === 0 && metrics.rolledUpAgrees && metrics.totalSent > 0;
  const judged = last.seconds - atWarmUp.seconds >= TREND_MIN_MINUTES * 60;
  /** Null when the run is too short to judge. */
  const rssPassed = judged ? slopePer10Min < FLAT_SHARE * atWarmUp.rss : null;
  const backlogPassed = run.drainedSeconds !== null;
  const roundTrips = sets.flatMap((set) => (set.outcome ? [set.outcome.milliseconds] : []));
  roundTrips.sort((a, b) => a - b);
  return {
    setup: setupLabel(),
    devices: deviceCount,
    minutes: (run.soakSeconds / 60).toFixed(1),
    loadAtEnd: os.loadavg()[2]!.toFixed(1),
    sets: {
      sent: sets.length,
      perSecond: (sets.length / run.soakSeconds).toFixed(2),
      live: describeCounts(live),
      stored: describeCounts(run.storedStates),
      p50: `${(roundTrips[Math.floor(roundTrips.length / 2)] ?? Number.NaN).toFixed(0)} ms`,
      max: `${(roundTrips.at(-1) ?? Number.NaN).toFixed(0)} ms`,
      liveClosedAt: run.liveClosedAt?.toISOString() ?? null,
    },
    metrics,
    rss: {
      warmUpMinutes,
      atWarmUp: atWarmUp.rss.toFixed(0),
      atEnd: last.rss.toFixed(0),
      max: Math.max(...samples.map((s) => s.rss)).toFixed(0),
      slopePer10Min: slopePer10Min.toFixed(1),
      every5Min: samples.filter((s, i) => i % 30 === 29 || s === last).map((s) => s.rss.toFixed(0)),
    },
    backlog: {
      max: Math.max(...backlogs),
      atEndOfLoad: last.backlog,
      atCount: run.backlogAtCount,
      notReadySamples: samples.filter((s) => !s.ready).length,
      drainedIn:
        run.drainedSeconds === null
          ? `not within ${DRAIN_LIMIT_MS / 1000} s`
          : `${run.drainedSeconds.toFixed(1)} s`,
    },
    serverCpuPercent: {
      mean: (samples.reduce((sum, s) => sum + s.cpu, 0) / samples.length).toFixed(0),
      max: Math.max(...samples.map((s) => s.cpu)).toFixed(0),
      waitMean: (samples.reduce((sum, s) => sum + s.wait, 0) / samples.length).toFixed(0),
    },
    cpuSeconds: run.cpu,
    checks: { sets: setsPassed, metrics: metricsPassed, rss: rssPassed, backlog: backlogPassed },
    passed: setsPassed && metricsPassed && rssPassed !== false && backlogPassed,
  };
}

function writeReport(f: ReturnType<typeof summarize>) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const { metrics: m, rss, backlog, sets, cpuSeconds: cpu } = f;
  const failed = Object.entries(f.checks).flatMap(([check, ok]) => (ok === false ? [check] : []));
  const unjudged = Object.entries(f.checks).flatMap(([check, ok]) => (ok === null ? [check] : []));
  const verdict = failed.length === 0 ? 'all passed' : `failed: ${failed.join(', ')}`;
  const command = `--devices ${deviceCount} --minutes ${minutes}${values.production ? ' --production' : ''}`;
  addToBenchSection(
    'soak',
    `## Soak

Budget (issue 28 item 5): 10,000 devices for 30 minutes with metrics every 10 s and a set per second:
server RSS flat, no ingest backlog at the end, nothing lost (every report stored, every command
finished).

\`npm run bench:soak -- --devices N --minutes M [--production]\` (apps/server/bench/soak.bench.ts): the
console as its own process (with \`--production\`, PostgreSQL and a Mosquitto with the device accounts
plugin, production-stack.ts); N simulated encoders from the bench process, each sending metrics every
10 s and its state every 5 minutes; the soak starts once all are online and their announcements stored.
Each second a set of the System document's device name goes to one of 50 devices in turn, followed on
the live channel. Every 10 s: the server's RSS and CPU (all threads), how long its threads waited for a
CPU while ready to run (schedstat; summed over threads, so it can pass 100 %: the machine's other work
holding the console back) and the ingest backlog of \`GET /health/ready\`. At the end the fleet stops
and the backlog must empty within 300 s; then every set must have succeeded (as the live channel
reported it and as the console stored it) and every metrics message sent must be stored, compared device
by device (the samples of \`cpu_percent_used\`, which every message carries; on PostgreSQL also the sum
of their hourly roll-ups). RSS is flat when its least-squares slope after warm-up (5 min, half of a
shorter run) is under 5 % of the RSS at warm-up per 10 minutes, judged when at least 10 minutes follow
the warm-up. \`--self-test\` makes one target ignore its sets and one device send a null CPU reading:
the checks must then fail. CPU s: seconds used during the soak by the console, the broker, PostgreSQL
(the connections to the bench's database, counted connection by connection at each sample: the server's
shared writers are left out) and the simulated devices.

| date (UTC) | machine | load before / 15-min at end | setup, command | devices, minutes | metrics sent / stored (lost, devices short) | sets: live / stored, round trip p50 / max | backlog max / at end of load, drained in | RSS at warm-up / end / max, slope per 10 min | RSS every 5 min (MiB) | console CPU mean / max, waiting for a CPU | CPU s: console / broker / PostgreSQL / devices | checks |
|---|---|---|---|---|---|---|---|---|---|---|---|---|`,
    `| ${when} | ${machineLabel()} | ${loadBefore} / ${f.loadAtEnd} | ${f.setup}, \`${command}\` | ${f.devices}, ${f.minutes} | ${m.totalSent} / ${m.totalStored}${m.rolledUp === null ? '' : ` (roll-ups ${m.rolledUp})`} (${m.lost} lost, ${m.devicesShort} devices${backlog.atCount ? `; backlog ${backlog.atCount} when counted` : ''}) | ${sets.sent} sent (${sets.perSecond}/s): ${sets.live} / ${sets.stored}, ${sets.p50} / ${sets.max} | ${backlog.max} / ${backlog.atEndOfLoad}, ${backlog.drainedIn} | ${rss.atWarmUp} / ${rss.atEnd} / ${rss.max} MiB, ${rss.slopePer10Min} MiB | ${rss.every5Min.join(', ')} | ${f.serverCpuPercent.mean} / ${f.serverCpuPercent.max} %, ${f.serverCpuPercent.waitMean} % | ${cpu.server} / ${cpu.broker} / ${cpu.database} / ${cpu.devices} | ${verdict}${unjudged.length > 0 ? ` (not judged, run too short: ${unjudged.join(', ')})` : ''} |`,
  );
}

await main();
