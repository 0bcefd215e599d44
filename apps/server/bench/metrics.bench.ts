import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { PERIOD_OPTIONS, type PeriodKey } from '@ec/contract/periods';
import { initialShadows } from '@ec/simulator/initial-shadows';
import { createMetricsSampler } from '@ec/simulator/metrics';
import { randomFrom } from '@ec/simulator/seed';
import { inArray, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { openDatabase } from '../src/db/database.ts';
import { devices as devicesTable } from '../src/db/tables/devices.schema.ts';
import { connectMqtt } from '../src/device-link/mqtt-client.ts';
import { createOrgWithOwner } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { machineLabel, percentile, rssMiB, setupLabel, sleep, startBenchConsole } from './bench-console.ts';
import { addToBenchSection } from './bench-report.ts';

/**
 * `npm run bench:metrics`:
 * (a) ingest: the console as its own process and N devices (plain MQTT clients with the devices'
 *     credentials) that each publish the simulator's metrics every 10 s, spread over the 10 s, for the
 *     window. A few probe devices measure the ingest lag: from a message's publish until the explorer
 *     (POST /devices/metrics, SampleCount) counts it. At the end the whole fleet's stored samples are
 *     counted: the backlog is what was sent but not yet stored, and how long it took to drain.
 * (b) query: 30 days of one-minute samples (with their hourly roll-ups) for 10 devices x 5 metrics,
 *     loaded with generate_series into the app run in-process, then the explorer's queries for all 50
 *     series, 20 runs each: 30days (86400 s buckets, hourly roll-ups), 2days (3600 s), 1day (1800 s,
 *     samples), 1hr (60 s, samples). Budget: p95 under 200 ms.
 * Adds the figures to its section of docs/benchmarks.md.
 *   --devices N (1000)  --seconds N (120; fewer for a quick run)  --skip-ingest / --skip-query
 *   DATABASE_URL / MQTT_URL in the environment run it against PostgreSQL and an external broker.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '120' },
    'skip-ingest': { type: 'boolean', default: false },
    'skip-query': { type: 'boolean', default: false },
  },
});
const deviceCount = Number(values.devices);
const seconds = Number(values.seconds);
const INTERVAL_MS = 10_000;
const PROBES = 5;
const PROBE_POLL_MS = 50;
const DRAIN_TIMEOUT_MS = 120_000;
const QUERY_RUNS = 20;
const QUERY_DEVICES = 10;
const QUERY_METRICS = [
  'cpu_percent_used',
  'memory_system_percent_used',
  'filesystem_userdata_percent_used',
  'thermal_system_temp_current',
  'network_bytes_sent',
];

interface BenchDevice {
  device: ProvisionedDevice;
  client: MqttClient;
  sample: ReturnType<typeof createMetricsSampler>;
  documents: Parameters<ReturnType<typeof createMetricsSampler>>[0];
  /** When each message was published (performance.now()), in order. */
  sentAt: number[];
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
        const shadows = initialShadows(device, '192.168.1.10');
        return {
          device,
          client,
          sample: createMetricsSampler(randomFrom(i), INTERVAL_MS),
          documents: { Inputs: shadows.Inputs, Encoders: shadows.Encoders, Outputs: shadows.Outputs },
          sentAt: [],
        };
      }),
    );
    connected.push(...batch);
  }
  return connected;
}

async function benchIngest() {
  const bench = await startBenchConsole();
  const { call, orgGuid, server } = bench;
  const provisioned = await bench.provisionDevices(deviceCount);
  const devices = await connectDevices(provisioned.devices, provisioned.mqtt_url);
  console.log(`${deviceCount} devices connected; metrics every ${INTERVAL_MS / 1000} s for ${seconds} s`);
  const startedAt = Date.now();
  const countQuery = (guids: string[]) =>
    call(
      'POST',
      '/devices/metrics',
      {
        device_guids: guids,
        metrics: [
          { namespace: 'system', metric_name: 'cpu_percent_used', period: 3600, statistic: 'SampleCount' },
        ],
        // Hour buckets read the roll-ups, which the same statement writes: a message counts once stored.
        start_time: new Date(Math.floor(startedAt / 3_600_000) * 3_600_000).toISOString(),
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
      },
      orgGuid,
    ).then((answer: { metrics: { device_guid: string; values: number[] }[] }) => {
      const counts = new Map<string, number>();
      for (const series of answer.metrics)
        counts.set(
          series.device_guid,
          series.values.reduce((sum, n) => sum + n, 0),
        );
      return counts;
    });

  let sent = 0;
  const publish = (device: BenchDevice) => {
    device.sentAt.push(performance.now());
    device.client.publish(
      deviceTopics(device.device.device_guid).metrics,
      JSON.stringify({ timestamp: new Date().toISOString(), metrics: device.sample(device.documents) }),
      { qos: 0 },
    );
    sent++;
  };

  const start = performance.now();
  const end = start + seconds * 1000;
  const due = devices.map((_, i) => start + (i * INTERVAL_MS) / deviceCount);
  const publishing = (async () => {
    while (performance.now() < end) {
      const now = performance.now();
      devices.forEach((device, i) => {
        while (due[i]! <= now && due[i]! < end) {
          publish(device);
          due[i]! += INTERVAL_MS;
        }
      });
      await sleep(5);
    }
  })();

  // Probes: spread over the fleet; each lag is measured once per message.
  const probes = Array.from({ length: PROBES }, (_, i) => devices[Math.floor((i * deviceCount) / PROBES)]!);
  const lags: { at: number; lag: number }[] = [];
  const seen = new Map(probes.map((probe) => [probe, 0]));
  const probing = (async () => {
    while (performance.now() < end + 5_000) {
      const counts = await countQuery(probes.map((probe) => probe.device.device_guid));
      const now = performance.now();
      for (const probe of probes) {
        const stored = counts.get(probe.device.device_guid) ?? 0;
        for (let n = seen.get(probe)!; n < Math.min(stored, probe.sentAt.length); n++)
          lags.push({ at: probe.sentAt[n]! - start, lag: now - probe.sentAt[n]! });
        seen.set(probe, Math.max(seen.get(probe)!, stored));
      }
      await sleep(PROBE_POLL_MS);
    }
  })();
  await publishing;
  const windowEnd = performance.now();
  const countAll = async () => {
    let total = 0;
    for (let i = 0; i < devices.length; i += 100) {
      const counts = await countQuery(devices.slice(i, i + 100).map((d) => d.device.device_guid));
      for (const count of counts.values()) total += count;
    }
    return total;
  };
  const storedInWindow = await countAll();
  const memory = rssMiB(server.pid!);
  let stored = storedInWindow;
  while (stored < sent && performance.now() - windowEnd < DRAIN_TIMEOUT_MS) {
    await sleep(500);
    stored = await countAll();
  }
  const drained =
    storedInWindow === sent
      ? 'nothing to drain'
      : stored < sent
        ? `not in ${DRAIN_TIMEOUT_MS / 1000} s`
        : `${((performance.now() - windowEnd) / 1000).toFixed(1)} s`;
  await probing;
  await Promise.all(devices.map((d) => d.client.endAsync()));
  await bench.stop();

  const third = (seconds * 1000) / 3;
  const lagStats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.length === 0
      ? 'n/a'
      : `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 95).toFixed(0)} ms`;
  };
  return {
    setup: setupLabel(),
    devices: deviceCount,
    seconds,
    sent,
    rate: (sent / seconds).toFixed(0),
    storedInWindow,
    backlog: sent - storedInWindow,
    drained,
    lagStart: lagStats(lags.filter((l) => l.at < third).map((l) => l.lag)),
    lagEnd: lagStats(lags.filter((l) => l.at >= 2 * third).map((l) => l.lag)),
    serverRssMiB: memory.toFixed(0),
  };
}

async function benchQuery() {
  const dataDir = path.join(os.tmpdir(), `ec-bench-metrics-${process.pid}`);
  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: dataDir },
  );
  const t = await createTestApp({ database, mqttUrl: process.env.MQTT_URL });
  try {
    const { owner, orgGuid, devices } = await createOrgWithOwner(t, { devices: QUERY_DEVICES });
    const guids = devices.map((device) => device.device_guid);
    const now = Date.now();
    const end = new Date(Math.floor(now / 60_000) * 60_000);
    const start = new Date(end.getTime() - 30 * 86_400_000);
    const guidList = `{${guids.join(',')}}`;
    const metricList = `{${QUERY_METRICS.join(',')}}`;
    await t.db
      .update(devicesTable)
      .set({ adoptedAt: new Date(start.getTime() - 86_400_000) })
      .where(inArray(devicesTable.deviceGuid, guids));
    const loadStart = performance.now();
    await t.db.execute(sql`
      insert into device_metric_samples (device_guid, namespace, metric_name, sampled_at, value)
      select d, 'system', m, at, 50 + 40 * sin(extract(epoch from at) / 5000.0) + random()
        from unnest(${guidList}::uuid[]) d, unnest(${metricList}::text[]) m,
             generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz - interval '1 minute',
                             interval '1 minute') at
      on conflict do nothing`);
    await t.db.execute(sql`
      insert into device_metric_hours (device_guid, namespace, metric_name, hour, sample_count, sum, minimum, maximum)
      select device_guid, namespace, metric_name, date_bin(interval '1 hour', sampled_at, timestamptz '1970-01-01 00:00:00+00'),
             count(*), sum(value), min(value), max(value)
        from device_metric_samples where device_guid = any(${guidList}::uuid[])
       group by 1, 2, 3, 4
      on conflict do nothing`);
    await t.db.execute(sql`analyze device_metric_samples`);
    await t.db.execute(sql`analyze device_metric_hours`);
    const loadSeconds = ((performance.now() - loadStart) / 1000).toFixed(1);
    console.log(`loaded ${QUERY_DEVICES * QUERY_METRICS.length * 30 * 1440} samples in ${loadSeconds} s`);

    const results: Record<string, string> = {};
    const keys: PeriodKey[] = ['30days', '2days', '1day', '1hr'];
    for (const key of keys) {
      const option = PERIOD_OPTIONS.find((o) => o.key === key)!;
      const body = {
        device_guids: guids,
        metrics: QUERY_METRICS.map((metric_name) => ({
          namespace: 'system',
          metric_name,
          period: option.period,
        })),
        start_time: new Date(now - option.durationMs!).toISOString(),
        end_time: new Date(now).toISOString(),
      };
      const times: number[] = [];
      let points = 0;
      for (let run = 0; run < QUERY_RUNS + 2; run++) {
        const t0 = performance.now();
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/devices/metrics',
          headers: owner.headers(orgGuid),
          payload: body,
        });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(response.body);
        points = (response.json() as { metrics: { values: number[] }[] }).metrics.reduce(
          (n, s) => n + s.values.length,
          0,
        );
        // The first two warm the caches.
        if (run >= 2) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      results[key] =
        `${option.period} s buckets, ${points} points: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
      console.log(key, results[key]);
    }
    return { setup: setupLabel(), loadSeconds, results };
  } finally {
    await t.close();
    await database.close();
    if (!process.env.DATABASE_URL) {
      const { rm } = await import('node:fs/promises');
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

const INTRO = `## Metrics ingest and queries

Budgets (issue 15): metrics of 1000 devices every 10 s for two minutes ingested without a growing
backlog; a 30-day query for 10 devices x 5 metrics at one-minute resolution under 200 ms.

\`npm run bench:metrics\` (apps/server/bench/metrics.bench.ts). (a) Ingest: the console as its own
process, N devices (plain MQTT clients with their credentials) each publishing the simulator's metrics (system readings and every
input's, encoder's and output's bitrate, about 13 readings) every 10 s, spread over the 10 s. The lag
of a message runs from its publish until the explorer (POST /v1/devices/metrics, SampleCount of
hour buckets) counts it, measured on 5 probe devices polled every 50 ms; "start" is the first third of
the window, "end" the last. The backlog is what was sent but not stored when the window ended.
(b) Query: 30 days of one-minute samples and their hourly roll-ups for 10 devices x 5 metrics
(2,160,000 samples, loaded with generate_series), then POST /v1/devices/metrics for all 50 series
through the app in-process (app.inject), 20 runs after 2 warm-ups. Budget: p95 under 200 ms.
`;

function writeReport(
  command: string,
  ingest?: Awaited<ReturnType<typeof benchIngest>>,
  query?: Awaited<ReturnType<typeof benchQuery>>,
) {
  const lines = [
    `\n### ${new Date().toISOString().slice(0, 16)}Z, ${machineLabel()}, ${(ingest ?? query)!.setup}`,
    '',
    `\`${command}\``,
    '',
  ];
  if (ingest)
    lines.push(
      `- Ingest: ${ingest.devices} devices, ${ingest.seconds} s: ${ingest.sent} messages sent (${ingest.rate} messages/s), ${ingest.storedInWindow} stored in the window, backlog at the end ${ingest.backlog}, drained after ${ingest.drained}; lag p50 / p95 at the start ${ingest.lagStart}, at the end ${ingest.lagEnd}; server RSS ${ingest.serverRssMiB} MiB.`,
    );
  if (query) {
    lines.push(`- Query: 30 days loaded in ${query.loadSeconds} s.`);
    for (const [key, result] of Object.entries(query.results)) lines.push(`  - ${key}: ${result}`);
  }
  addToBenchSection('metrics', INTRO, lines.join('\n'));
}

const ingest = values['skip-ingest'] ? undefined : await benchIngest();
if (ingest) console.log(ingest);
const query = values['skip-query'] ? undefined : await benchQuery();
const args = process.argv.slice(2).join(' ');
const env = process.env.DATABASE_URL ? 'DATABASE_URL=… MQTT_URL=… ' : '';
writeReport(`${env}npm run bench:metrics${args ? ` -- ${args}` : ''}`, ingest, query);
process.exit(0);
